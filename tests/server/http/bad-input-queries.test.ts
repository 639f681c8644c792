/**
 * Bad input, part 1: thousands of generated malformed reads. Every one must
 * answer a 4xx with the error body, never a 500 or a crash, and the server
 * must still answer a good request afterwards. Hostile-but-valid searches (SQL
 * and regex metacharacters) must simply work.
 */
import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { MAX_SEARCH_WORD_LENGTH } from '../../../src/domain/search'
import { startTestServer, type TestServer } from '../helpers'
import {
  badPaging,
  badWhere,
  COLLECTIONS,
  type CollectionPath,
  FIELDS,
  hostileText,
  refused,
  runs,
  whereQuery,
} from './bad-input-arbitraries'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer()
  admin = (await server.signIn({ role: 'admin' })).cookie
  for (const [path, body] of Object.entries(COLLECTIONS)) {
    await server.request(admin, { method: 'POST', url: `/api/${path}`, payload: body })
  }
})
afterAll(() => server?.close())

const get = (url: string, headers: Record<string, string> = {}) =>
  server.request(admin, { method: 'GET', url, headers })
const paths = Object.keys(COLLECTIONS) as CollectionPath[]
const lists = [
  ...paths.map((path) => ({ url: `/api/${path}`, fields: FIELDS[path] })),
  { url: '/api/users', fields: ['firstName', 'lastName', 'email', 'username'] },
]

afterEach(async () => {
  // Whatever came before, the server still answers a good request.
  const good = await get('/api/contacts?where[firstName][like]=fuzz&page[number]=1&page[size]=10')
  expect(good.statusCode).toBe(200)
  expect(good.json().totalDocs).toBe(1)
})

describe('malformed list queries', () => {
  it('a where that cannot run: unknown paths and operators, deep nesting, bare values, bad ids and dates', async () => {
    const arbitrary = fc
      .constantFrom(...lists)
      .chain((list) => fc.record({ url: fc.constant(list.url), where: badWhere(list.fields) }))
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ url, where }) => {
        const query = `${url}?${whereQuery(where)}`
        refused(await get(query), query)
      }),
      { numRuns: runs(700) },
    )
  })

  it('huge, negative and non-numeric pages, unknown sorts', async () => {
    const arbitrary = fc.record({ list: fc.constantFrom(...lists), paging: badPaging })
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ list, paging }) => {
        const query = `${list.url}?${paging}`
        refused(await get(query), query)
      }),
      { numRuns: runs(300) },
    )
  })

  it('ids that are not ids, in every single-record path', async () => {
    const singles = [...paths.map((p) => `/api/${p}`), '/api/users']
    const badId = fc.oneof(hostileText, fc.constantFrom('..', '../..', '%2e%2e%2fetc', '1 OR 1=1', 'me2'))
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...singles),
        badId.filter((id) => id.length > 0),
        fc.constantFrom('GET', 'PUT', 'PATCH', 'DELETE'),
        async (base, id, method) => {
          const url = `${base}/${encodeURIComponent(id)}`
          const response = await server.request(admin, {
            method,
            url,
            payload: method === 'PUT' || method === 'PATCH' ? {} : undefined,
          })
          refused(response, `${method} ${url}`)
        },
      ),
      { numRuns: runs(400) },
    )
  })

  it('sync cursors and limits out of range, bad If-Match and Idempotency-Key headers', async () => {
    const feed = fc.constantFrom(
      'since=-1',
      'since=abc',
      'since=1e5',
      'limit=0',
      'limit=5001',
      'limit=x',
      'since[a]=1',
      'since=99999999999999999999',
    )
    await fc.assert(
      fc.asyncProperty(feed, async (query) => refused(await get(`/api/sync/changes?${query}`), query)),
      { numRuns: runs(50) },
    )
    const [id] = (await get('/api/contacts')).json().docs.map((d: { id: string }) => d.id)
    const header = fc.oneof(
      fc.record({
        name: fc.constant('if-match'),
        value: fc.constantFrom('3', '"x"', 'W/3', '"-1"', '"1.5"', 'garbage'),
      }),
      fc.record({
        name: fc.constant('idempotency-key'),
        value: fc.oneof(fc.constant('k'.repeat(201)), fc.constantFrom('with space', 'tab\there', 'é')),
      }),
    )
    await fc.assert(
      fc.asyncProperty(header, async ({ name, value }) => {
        const response = await server.request(admin, {
          method: 'PATCH',
          url: `/api/contacts/${id}`,
          payload: { title: 'x' },
          headers: { [name]: value },
        })
        refused(response, `${name}: ${value}`)
      }),
      { numRuns: runs(60) },
    )
  })

  it('image paths that do not exist or try to climb out', async () => {
    const name = fc.oneof(
      hostileText,
      fc.constantFrom('../../package.json', '..%2f..%2fetc%2fpasswd', '%00.png', 'a/../../b.png'),
    )
    const folder = fc.constantFrom('product_image', 'user_image', 'etc', '..', '%2e%2e')
    await fc.assert(
      fc.asyncProperty(folder, name, async (dir, file) => {
        const url = `/images/${dir}/${encodeURIComponent(file)}`
        refused(await get(url), url)
      }),
      { numRuns: runs(200) },
    )
  })
})

describe('hostile but valid searches', () => {
  it('SQL, LIKE and regex metacharacters in like/contains/equals are plain text: 200, never an error', async () => {
    const arbitrary = fc.record({
      path: fc.constantFrom(...paths),
      op: fc.constantFrom('like', 'contains', 'equals', 'not_equals', 'in'),
      text: hostileText,
      sort: fc.constantFrom('', '-updatedAt', 'createdAt', 'id'),
    })
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ path, op, text, sort }) => {
        const field = FIELDS[path][0] as string
        const query = `${whereQuery({ or: [{ [field]: { [op]: text } }, { id: { exists: 'true' } }] })}&sort=${sort}&page[size]=5`
        const response = await get(`/api/${path}?${query}`)
        // A searched word past the longest the server reads is refused as such (docs/api.md "Limits"), never an error.
        const searched = op === 'like' ? text.split(/\s+/) : op === 'contains' ? [text] : []
        if (searched.some((word) => [...word].length > MAX_SEARCH_WORD_LENGTH)) {
          expect(response.statusCode, `${path}?${query} → ${response.body}`).toBe(400)
          expect(response.json().errors[0].name).toBe('QueryError')
          return
        }
        expect(response.statusCode, `${path}?${query} → ${response.body}`).toBe(200)
        expect(response.json().totalDocs).toBe(1)
      }),
      { numRuns: runs(400) },
    )
  })
})
