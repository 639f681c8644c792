/**
 * Bad input, part 2: thousands of generated malformed JSON writes (poisoned
 * fields, bodies that are not objects, broken JSON, oversize bodies, NULs,
 * other content types). Every one must answer a 4xx with the error body, never
 * a 500 or a crash; nothing may be written; and the server must still take a
 * good write afterwards. (Uploads: bad-input-uploads.test.ts.)
 */
import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../helpers'
import {
  brokenJson,
  COLLECTIONS,
  type CollectionPath,
  hostileText,
  notAnObject,
  poisonedBody,
  refused,
  runs,
  withNul,
} from './bad-input-arbitraries'

let server: TestServer
let admin: string
const ids = {} as Record<CollectionPath, string>
const paths = Object.keys(COLLECTIONS) as CollectionPath[]

beforeAll(async () => {
  server = await startTestServer()
  admin = (await server.signIn({ role: 'admin' })).cookie
  for (const path of paths) {
    ids[path] = (
      await server.request(admin, { method: 'POST', url: `/api/${path}`, payload: COLLECTIONS[path] })
    ).json().doc.id
  }
})
afterAll(() => server?.close())

afterEach(async () => {
  // Nothing malformed was written (each collection still holds its one record, at version 1)…
  for (const path of paths) {
    const list = (await server.request(admin, { method: 'GET', url: `/api/${path}` })).json()
    expect(list.totalDocs, path).toBe(1)
    expect(list.docs[0].version, path).toBe(1)
  }
  // …and a good write still works.
  const good = await server.request(admin, {
    method: 'POST',
    url: '/api/contacts',
    payload: { firstName: 'Good' },
  })
  expect(good.statusCode).toBe(201)
  await server.request(admin, { method: 'DELETE', url: `/api/contacts/${good.json().doc.id}` })
})

const write = (method: string, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.request(admin, { method: method as 'POST', url, payload: payload as string, headers })

describe('malformed JSON writes', () => {
  it('a poisoned field (wrong type, unknown, prototype keys, a bad id) in a create, PUT or PATCH', async () => {
    const arbitrary = fc
      .record({ path: fc.constantFrom(...paths), method: fc.constantFrom('POST', 'PUT', 'PATCH') })
      .chain(({ path, method }) =>
        fc.record({ path: fc.constant(path), method: fc.constant(method), body: poisonedBody(path) }),
      )
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ path, method, body }) => {
        const url = method === 'POST' ? `/api/${path}` : `/api/${path}/${ids[path]}`
        const response = await write(method, url, JSON.stringify(body), {
          'content-type': 'application/json',
        })
        refused(response, `${method} ${url} ${JSON.stringify(body)}`)
      }),
      { numRuns: runs(800) },
    )
  })

  it('bodies that are not objects, or not JSON at all', async () => {
    const body = fc.oneof(
      notAnObject.map((value) => JSON.stringify(value)),
      brokenJson,
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths, 'users'),
        fc.constantFrom('POST', 'PATCH'),
        body,
        async (path, method, raw) => {
          const url =
            method === 'POST' || path === 'users'
              ? `/api/${path}`
              : `/api/${path}/${ids[path as CollectionPath]}`
          const response = await write(method === 'PATCH' && path === 'users' ? 'POST' : method, url, raw, {
            'content-type': 'application/json',
          })
          refused(response, `${method} ${url} ${raw}`)
        },
      ),
      { numRuns: runs(500) },
    )
  })

  it('NUL characters anywhere in a value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), withNul, async (path, text) => {
        const field = Object.keys(COLLECTIONS[path])[0] as string
        const response = await write('POST', `/api/${path}`, { ...COLLECTIONS[path], [field]: text })
        refused(response, `${path} ${JSON.stringify(text)}`)
        expect(response.json().errors[0].data).toEqual([
          { field, message: 'Must not contain a NUL character.' },
        ])
      }),
      { numRuns: runs(100) },
    )
  })

  it('bodies over 1 MB, and text/plain or form-encoded bodies', async () => {
    const huge = fc
      .integer({ min: 1_050_000, max: 1_200_000 })
      .map((n) => JSON.stringify({ firstName: 'x'.repeat(n) }))
    await fc.assert(
      fc.asyncProperty(huge, async (raw) =>
        refused(await write('POST', '/api/contacts', raw, { 'content-type': 'application/json' }), 'huge'),
      ),
      { numRuns: runs(5) },
    )
    const type = fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'text/html',
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), type, hostileText, async (path, contentType, raw) => {
        refused(
          await write('POST', `/api/${path}`, raw || 'x', { 'content-type': contentType }),
          `${contentType} ${path}`,
        )
      }),
      { numRuns: runs(100) },
    )
  })

  it('users, login and register bodies with wrong types and missing fields', async () => {
    const userBody = fc.oneof(
      fc.record({
        email: fc.oneof(
          fc.integer(),
          hostileText.filter((s) => !s.includes('@')),
        ),
        password: fc.string({ maxLength: 4 }),
      }),
      fc.record({
        email: fc.constant('ok@fuzz.example'),
        password: fc.constant('secret-1'),
        role: fc.constantFrom('root', 'superuser', ''),
      }),
      fc.record({
        email: fc.constant('ok@fuzz.example'),
        password: fc.constant('secret-1'),
        postalCode: fc.constantFrom('12a', '-1', '1.5'),
      }),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/users', '/api/users/login', '/api/register'),
        userBody,
        async (url, body) => {
          const response = await server.app.inject({
            method: 'POST',
            url,
            payload: body,
            headers: { cookie: admin },
          })
          refused(response, `${url} ${JSON.stringify(body)}`)
        },
      ),
      { numRuns: runs(300) },
    )
  })
})
