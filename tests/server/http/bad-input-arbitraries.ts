/**
 * fast-check generators of malformed requests for tests/server/bad-input*.test.ts:
 * `where` clauses that cannot run, paging out of range, write bodies with at
 * least one poisoned field, broken JSON and broken multipart. Each generator
 * makes only requests that MUST be refused, so the tests can demand a 4xx.
 */
import fc from 'fast-check'
import qs from 'qs'
import { expect } from 'vitest'
import { OPERATORS } from '../../../server/collections/where'

/** Collection and its valid write body (a poison is merged into it). */
export const COLLECTIONS = {
  contacts: { firstName: 'Fuzz', lastName: 'Case' },
  companies: { companyName: 'Fuzz Ltd' },
  industries: { name: 'Fuzz industry' },
  services: { name: 'Fuzz service' },
  products: { name: 'Fuzz product' },
} as const
export type CollectionPath = keyof typeof COLLECTIONS
export const FIELDS: Record<CollectionPath, string[]> = {
  contacts: ['firstName', 'lastName', 'title', 'department', 'email', 'phone', 'mobile', 'company'],
  companies: ['companyName', 'address', 'website', 'email', 'mainPhone'],
  industries: ['name', 'description', 'industryImage'],
  services: ['name', 'description', 'serviceImage'],
  products: ['name', 'description', 'productImage'],
}

/** SQL, LIKE and regex metacharacters, quotes and Unicode: text a search box can receive (no NUL: see below). */
export const hostileText = fc
  .oneof(
    fc.constantFrom(
      "'; drop table contacts; --",
      '%',
      '_',
      '\\',
      '.*',
      '(a+)+$',
      '[^]',
      '$1',
      '"\'`',
      '😀 ∑',
      '%_%\\%',
      'a'.repeat(300),
    ),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
  )
  .filter((text) => !text.includes('\u0000'))

/** PostgreSQL text cannot hold a NUL: a search or a value with one is refused. */
export const withNul = hostileText.map((text) => `${text}\u0000`)

/** Names on Object.prototype are unknown names too (the query parser keeps them: hardening.test.ts). */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype)

const unknownName = fc.oneof(
  fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((s) => /^[a-z][a-zA-Z]*$/.test(s) && !['and', 'or', 'id'].includes(s.toLowerCase())),
  fc.constantFrom(...PROTOTYPE_NAMES),
)
const unknownOperator = fc.oneof(
  fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((s) => !(OPERATORS as readonly string[]).includes(s) && !/[[\]&=#%+]/.test(s)),
  fc.constantFrom(...PROTOTYPE_NAMES),
)

function nest(condition: object, depth: number): object {
  let where = condition
  for (let n = 0; n < depth; n++) where = { or: [where] }
  return where
}

/** A `where` that the server must refuse, for a collection with these fields. */
export const badWhere = (fields: string[]) =>
  fc.oneof(
    fc
      .record({ name: unknownName, text: hostileText })
      .filter(({ name }) => !fields.includes(name))
      .map(({ name, text }) => ({ [name]: { equals: text } })),
    fc
      .record({ field: fc.constantFrom(...fields), op: unknownOperator })
      .map(({ field, op }) => ({ [field]: { [op]: 'x' } })),
    fc
      .record({ field: fc.constantFrom(...fields), depth: fc.integer({ min: 6, max: 9 }) })
      .map(({ field, depth }) => nest({ [field]: { like: 'x' } }, depth)),
    fc
      .record({ field: fc.constantFrom(...fields), text: hostileText })
      .map(({ field, text }) => ({ [field]: text })),
    fc
      .record({
        field: fc.constantFrom(...fields),
        op: fc.constantFrom('equals', 'like', 'contains', 'greater_than'),
        value: fc.array(fc.string(), { minLength: 2, maxLength: 3 }),
      })
      .map(({ field, op, value }) => ({ [field]: { [op]: value } })),
    fc
      .record({
        op: fc.constantFrom('equals', 'greater_than', 'less_than_equal'),
        text: fc.string().filter((s) => Number.isNaN(new Date(s).getTime())),
      })
      .map(({ op, text }) => ({ createdAt: { [op]: text } })),
    fc
      .record({
        op: fc.constantFrom('equals', 'not_equals', 'in'),
        text: hostileText.filter((s) => !/^[0-9a-f-]{36}$/i.test(s)),
      })
      .map(({ op, text }) => ({ id: { [op]: text || 'x' } })),
    fc
      .record({
        field: fc.constantFrom(...fields),
        text: fc.string().filter((s) => s !== 'true' && s !== 'false'),
      })
      .map(({ field, text }) => ({ [field]: { exists: text } })),
    fc
      .constantFrom(...fields)
      .map((field) => ({ [field]: { in: Array.from({ length: 101 }, (_, i) => `v${i}`) } })),
    fc.constantFrom({ or: 'not a list' }, { and: 'x' }),
    fc
      .record({ field: fc.constantFrom(...fields), text: withNul })
      .map(({ field, text }) => ({ [field]: { like: text } })),
  )

/** page[number], page[size], limit and sort values that are out of range or not numbers. */
export const badPaging = fc.oneof(
  fc
    .constantFrom('-1', '0', 'abc', '1e3', '1.5', '99999999999', ' ', '0x10')
    .map((n) => `page[number]=${encodeURIComponent(n)}`),
  fc
    .constantFrom('-5', '0', '501', '100000', 'NaN', '10abc')
    .map((n) => `page[size]=${encodeURIComponent(n)}`),
  fc.constantFrom('0', '-1', '501', 'many').map((n) => `limit=${n}`),
  fc.constantFrom(
    'page[colour]=red',
    'page[number][x]=1',
    'sort[]=a',
    'sort=password',
    'sort=-nothing',
    'sort=a,b,c,d,e,f',
  ),
  fc.integer({ min: 1_000_000_001, max: Number.MAX_SAFE_INTEGER }).map((n) => `page[number]=${n}`),
)

export const whereQuery = (where: object) => qs.stringify({ where }, { encodeValuesOnly: true })

/** Values no field takes: every field wants text, a known id/reference, or rich text. */
const wrongType = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.array(fc.integer(), { minLength: 1, maxLength: 2 }),
  fc.constant({ nested: { deep: true } }),
)

/** A write body that must be refused: a valid one with one poisoned part. */
export const poisonedBody = (path: CollectionPath) =>
  fc.oneof(
    fc
      .record({ field: fc.constantFrom(...FIELDS[path]), value: wrongType })
      .map(({ field, value }) => ({ ...COLLECTIONS[path], [field]: value })),
    fc
      .record({
        name: unknownName.filter((n) => !FIELDS[path].includes(n) && n !== 'id'),
        value: fc.jsonValue({ maxDepth: 2 }),
      })
      .map(({ name, value }) => ({ ...COLLECTIONS[path], [name]: value })),
    fc
      .constantFrom('__proto__', 'constructor', 'prototype')
      .map((name) => JSON.parse(`{"${name}": {"polluted": true}, "x": 1}`)),
    hostileText.filter((s) => s.length > 0).map((id) => ({ ...COLLECTIONS[path], id })),
  )

/** Bodies that are not a JSON object at all. */
export const notAnObject = fc.oneof(
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.integer(),
  fc.string(),
  fc.constant(null),
  fc.boolean(),
)

/** Text that is not JSON (sent with Content-Type: application/json). */
export const brokenJson = fc.oneof(
  fc.string({ minLength: 1, maxLength: 60 }).filter((s) => {
    try {
      JSON.parse(s)
      return false
    } catch {
      return true
    }
  }),
  fc.constantFrom('{', '{"firstName":', '{"a":1,}', "{'a':1}", '[1,2', '{"a":"\\x"}', 'nul', '\u0000{}'),
)

/** Raw multipart bodies that no parser can make an image upload of. */
export const brokenMultipart = fc.oneof(
  fc.record({ boundary: fc.constant(''), body: fc.string({ maxLength: 200 }) }),
  fc.record({ boundary: fc.stringMatching(/^[a-zA-Z0-9]{1,30}$/), body: fc.string({ maxLength: 300 }) }),
  fc.record({
    boundary: fc.constant('XyZ'),
    body: fc.constantFrom(
      '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      '--XyZ--',
      '--XyZ\r\n\r\n\r\n--XyZ--',
    ),
  }),
)

/** numRuns, scaled by FUZZ_SCALE (e.g. FUZZ_SCALE=20 for a long soak; 1 in npm test). */
export const runs = (n: number) => Math.max(1, Math.round(n * Number(process.env.FUZZ_SCALE ?? 1)))

/** A 4xx carrying the error body: `errors[0].message` is text. */
export function refused(response: { statusCode: number; body: string }, what: string) {
  expect(response.statusCode, `${what} → ${response.body}`).toBeGreaterThanOrEqual(400)
  expect(response.statusCode, `${what} → ${response.body}`).toBeLessThan(500)
  expect(typeof JSON.parse(response.body).errors?.[0]?.message, what).toBe('string')
}
