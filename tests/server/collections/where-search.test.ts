/**
 * `where[search][like]` (server/collections/where.ts) answers exactly the records the devices'
 * search finds: for random records and random queries, over real HTTP, on PGlite and on
 * PostgreSQL, the ids it lists are those for which
 * `matchesGlobal(globalSearchTexts(doc), globalQuery(typed))` holds (src/domain/global-search.ts).
 * The records hold accents, ß, ø, æ, capitals, phone numbers written in many ways, departments,
 * rich-text descriptions, and the characters LIKE treats apart (`%`, `_`, `\`); the queries are
 * pieces of them, typed differently. Bad input is refused with a 400 and the error body.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CollectionName } from '../../../src/domain/collections'
import { DEPARTMENTS } from '../../../src/domain/contact'
import { globalQuery, globalSearchTexts, matchesGlobal } from '../../../src/domain/global-search'
import { toPlainText } from '../../../src/domain/rich-text'
import { MAX_SEARCH_WORD_LENGTH, MAX_SEARCH_WORDS } from '../../../src/domain/search'
import { startTestServer, type TestServer } from '../helpers'
import { startTestPostgres, type TestPostgres } from '../postgres'

type Doc = Record<string, unknown> & { id: string }

const WORDS = [
  'Søren',
  'SØREN',
  'Straße',
  'STRASSE',
  'Ødegaard',
  'Müller',
  'MULLER',
  'François',
  'Zoë',
  'Łukasz',
  'Ærø',
  'Œuvre',
  'İlker',
  'ΝΙΚΟΣ',
  'Chloé',
  'Björn',
  "O'Brien",
  'de la Cruz',
  '50%',
  'snake_case',
  'back\\slash',
  'Ada',
  'ada',
  'Lovelace',
  '7-Eleven',
  'Nº 5',
]
const DIGITS = ['4402079460123', '5550102000', '5550100', '46855512345', '0123', '12']

/** A number as people write it: grouped by spaces, dashes, dots or parentheses, with or without its '+'. */
const phoneArb = fc
  .tuple(
    fc.constantFrom(...DIGITS),
    fc.array(fc.constantFrom(' ', '-', '.', ''), { minLength: 6, maxLength: 6 }),
  )
  .map(([digits, separators]) => {
    let out = ''
    for (const [i, digit] of [...digits].entries())
      out += (i > 0 && i % 3 === 0 ? (separators[i / 3] ?? '') : '') + digit
    return out
  })
  .chain((number) => fc.constantFrom(number, `+${number}`, `(${number.slice(0, 3)}) ${number.slice(3)}`))

const textArb = fc
  .array(fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 6 })), { maxLength: 3 })
  .map((parts) => parts.join(' ').split('\u0000').join(''))

const contactArb = fc.record({
  firstName: fc.constantFrom(...WORDS),
  lastName: textArb,
  title: textArb,
  department: fc.constantFrom('', ...DEPARTMENTS),
  email: fc.constantFrom('', 'ada@example.com', 'Ada.Lovelace@Example.com', 'x_y@a.io'),
  phone: fc.oneof(fc.constant(''), phoneArb),
  mobile: fc.oneof(fc.constant(''), phoneArb),
})
const companyArb = fc.record({
  companyName: fc.constantFrom(...WORDS),
  address: textArb,
  website: fc.constantFrom('', 'orbit.example', 'https://Ærø.example'),
  email: fc.constantFrom('', 'info@strasse.example'),
  mainPhone: fc.oneof(fc.constant(''), phoneArb),
})
const productArb = fc.record({
  name: fc.constantFrom(...WORDS),
  description: fc
    .array(fc.array(fc.record({ text: textArb, bold: fc.boolean() }), { minLength: 1, maxLength: 3 }), {
      minLength: 1,
      maxLength: 3,
    })
    .map((paragraphs) => paragraphs.map((children) => ({ type: 'paragraph', children }))),
})

const RECORDS = { contacts: 60, companies: 25, products: 25 } as const
type Searched = keyof typeof RECORDS
const SEARCHED = Object.keys(RECORDS) as Searched[]

/** Text as a user might type it: in another case, without its accents, or cut short. */
const typedArb = (text: string) =>
  fc
    .tuple(fc.nat(text.length), fc.nat(text.length), fc.constantFrom('as is', 'upper', 'lower', 'bare'))
    .map(([a, b, how]) => {
      const piece = text.slice(Math.min(a, b), Math.max(a, b) + 1)
      if (how === 'upper') return piece.toUpperCase()
      if (how === 'lower') return piece.toLowerCase()
      if (how === 'bare') return piece.normalize('NFD').replace(/\p{M}/gu, '')
      return piece
    })

/** Values of the records held, to cut queries from. */
function valuesOf(docs: Doc[]): string[] {
  const values = new Set<string>()
  for (const doc of docs)
    for (const value of Object.values(doc)) {
      if (typeof value === 'string' && value && value !== doc.id && !/^\d{4}-\d\d-\d\dT/.test(value))
        values.add(value)
      else if (Array.isArray(value)) values.add(toPlainText(value as never))
    }
  return [...values]
}

const queryArb = (values: string[]) =>
  fc
    .array(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...values).chain(typedArb) },
        { weight: 2, arbitrary: phoneArb.chain(typedArb) },
        { weight: 1, arbitrary: fc.constantFrom(...DEPARTMENTS).map((name) => name.toLowerCase()) },
        { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((parts) => parts.join(' ').split('\u0000').join(''))
    .filter((text) => {
      const words = text.split(/\s+/).filter(Boolean)
      return (
        words.length <= MAX_SEARCH_WORDS && words.every((word) => [...word].length <= MAX_SEARCH_WORD_LENGTH)
      )
    })

for (const database of ['PGlite', 'PostgreSQL'] as const) {
  describe(`where[search][like] on ${database}`, () => {
    let postgres: TestPostgres | undefined
    let server: TestServer
    let base: string
    let cookie: string
    const held = {} as Record<Searched, Doc[]>

    const get = async (path: string) => {
      const answer = await fetch(`${base}${path}`, { headers: { cookie } })
      // biome-ignore lint/suspicious/noExplicitAny: the API's JSON, read field by field below
      return { status: answer.status, body: (await answer.json()) as any }
    }
    const search = (collection: string, text: string, extra = '') =>
      get(`/api/${collection}?where[search][like]=${encodeURIComponent(text)}&limit=500${extra}`)

    beforeAll(async () => {
      if (database === 'PostgreSQL') postgres = await startTestPostgres()
      server = await startTestServer({ databaseUrl: postgres ? postgres.url : null })
      base = await server.listen()
      ;({ cookie } = await server.signIn({ role: 'admin' }))
      const arbs = { contacts: contactArb, companies: companyArb, products: productArb }
      for (const collection of SEARCHED) {
        const records = fc.sample(arbs[collection] as fc.Arbitrary<object>, {
          numRuns: RECORDS[collection],
          seed: 26,
        })
        for (const record of records) {
          const answer = await fetch(`${base}/api/${collection}`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify(record),
          })
          expect(answer.status, await answer.clone().text()).toBe(201)
        }
        held[collection] = (await get(`/api/${collection}?limit=500`)).body.docs
      }
    }, 180_000)
    afterAll(async () => {
      await server?.close()
      await postgres?.stop()
    })

    /** The ids the devices' rule finds among the records held. */
    const expected = (collection: Searched, text: string) =>
      held[collection]
        .filter((doc) =>
          matchesGlobal(globalSearchTexts(doc, collection as CollectionName), globalQuery(text)),
        )
        .map((doc) => doc.id)
        .sort()

    it('finds exactly what the devices find, for random queries cut from the records', async () => {
      const values = valuesOf(SEARCHED.flatMap((collection) => held[collection]))
      let hits = 0
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...SEARCHED), queryArb(values), async (collection, text) => {
          const answer = await search(collection, text)
          expect(answer.status, JSON.stringify(answer.body)).toBe(200)
          const ids = (answer.body.docs as Doc[]).map((doc) => doc.id).sort()
          expect({ collection, text, ids }).toEqual({ collection, text, ids: expected(collection, text) })
          expect(answer.body.totalDocs).toBe(ids.length)
          if (ids.length > 0) hits++
        }),
        { numRuns: 150 },
      )
      // The queries are not all misses: most are cut from what the records hold.
      expect(hits).toBeGreaterThan(30)
    }, 180_000)

    it('finds by the department, a phone number written otherwise, and accents typed or not', async () => {
      for (const text of [
        'engineering',
        'soren',
        'SØREN',
        'strasse',
        'muller',
        'aero',
        '555 010 2000',
        '50%',
        'snake_case',
        'back\\slash',
        '%',
        '_',
        '\\',
      ]) {
        const ids = ((await search('contacts', text)).body.docs as Doc[]).map((doc) => doc.id).sort()
        expect({ text, ids }).toEqual({ text, ids: expected('contacts', text) })
      }
      expect(expected('contacts', 'engineering').length).toBeGreaterThan(0)
    })

    it('pages a search as a list: the pages together are every match once, in list order', async () => {
      const text = 'a'
      const all = ((await search('contacts', text)).body.docs as Doc[]).map((doc) => doc.id)
      const paged: string[] = []
      for (let page = 1; page <= Math.ceil(all.length / 7) + 1; page++) {
        const answer = await search('contacts', text, `&page[number]=${page}&page[size]=7`)
        paged.push(...(answer.body.docs as Doc[]).map((doc) => doc.id))
        expect(answer.body.totalDocs).toBe(all.length)
      }
      expect(paged).toEqual(all)
      // A blank search finds nothing, as on the devices.
      expect((await search('contacts', '   ')).body.totalDocs).toBe(0)
    })

    it('refuses bad input with a 400 and the error body', async () => {
      const refused = async (path: string, words: RegExp) => {
        const answer = await get(path)
        expect(answer.status).toBe(400)
        expect(answer.body.errors).toHaveLength(1)
        expect(answer.body.errors[0]).toMatchObject({
          name: 'QueryError',
          message: expect.stringMatching(words),
        })
      }
      const nine = Array.from({ length: MAX_SEARCH_WORDS + 1 }, (_, i) => `w${i}`).join(' ')
      await refused(`/api/contacts?where[search][like]=${encodeURIComponent(nine)}`, /at most 8 words/)
      await refused(
        `/api/contacts?where[search][like]=${'ø'.repeat(MAX_SEARCH_WORD_LENGTH + 1)}`,
        /at most 100 characters/,
      )
      await refused(`/api/contacts?where[search][equals]=ada`, /cannot be used on search/)
      await refused(`/api/contacts?where[search][like][0]=a&where[search][like][1]=b`, /single value/)
      await refused(`/api/contacts?where[search][like]=a%00b`, /NUL/)
      await refused(`/api/users?where[search][like]=ada`, /cannot be queried/)
      // With a per-field like beside it, the words count together.
      await refused(
        `/api/contacts?where[search][like]=${encodeURIComponent('a b c d e')}&where[email][like]=${encodeURIComponent('f g h i')}`,
        /more than 8 words/,
      )
      // 8 words of 100 letters each are within the bounds.
      const longest = Array.from({ length: MAX_SEARCH_WORDS }, (_, i) =>
        String(i).repeat(MAX_SEARCH_WORD_LENGTH),
      ).join(' ')
      expect((await search('contacts', longest)).status).toBe(200)
    })
  })
}
