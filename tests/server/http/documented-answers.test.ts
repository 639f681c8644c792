/**
 * Answers that Node or the router give before any route runs, and the edges
 * of the paging and id rules, each as docs/api.md describes them. Over raw
 * sockets, so that nothing between adds or drops a header.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { startTestServer, type TestServer } from '../helpers'
import { expectErrorBody, type RawAnswer, rawGet, rawRequest } from '../raw-http'

let server: TestServer
let base: string
let cookie: string

beforeAll(async () => {
  // With the built app served, as in production: its route takes every GET no other route matches.
  const staticDir = mkdtempSync(join(tmpdir(), 'outpost-documented-'))
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Outpost</title>')
  server = await startTestServer({ staticDir })
  base = await server.listen()
  cookie = (await server.signIn()).cookie
  // One contact: a list with no rows at all answers page 1 whatever was asked (docs/api.md).
  await server.request(cookie, { method: 'POST', url: '/api/contacts', payload: { firstName: 'Only' } })
})
afterAll(() => server?.close())

const signedIn = (path: string, method = 'GET') =>
  rawGet(base, path, ['Host: localhost', `Cookie: ${cookie}`], method)
const json = (answer: RawAnswer) => JSON.parse(answer.body)

describe('what Node answers before Fastify sees the request', () => {
  it('an Expect other than 100-continue is a 417 with the error body', async () => {
    const answer = await rawGet(base, '/api/users/me', ['Host: localhost', 'Expect: weird'])
    const error = expectErrorBody(answer, 417, 'ExpectationFailed')
    expect(error.message).toBe('The Expect header can only ask for 100-continue.')
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body))
  })

  it('Expect: 100-continue still gets its 100 and then the answer', async () => {
    const answer = await rawRequest(
      base,
      'POST /api/users/logout HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    )
    expect(answer.status).toBe(100)
  })

  it('HTTP/1.1 without a Host is a 400 with the error body', async () => {
    const answer = await rawRequest(base, 'GET /api/users/me HTTP/1.1\r\nConnection: close\r\n\r\n')
    const error = expectErrorBody(answer, 400, 'BadRequest')
    expect(error.message).toBe('The request must name this server in one Host header.')
  })

  it('CONNECT is a 405 with the error body: this server is no proxy', async () => {
    const answer = await rawRequest(
      base,
      'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n',
    )
    const error = expectErrorBody(answer, 405, 'MethodNotAllowed')
    expect(error.message).toBe('This server is not a proxy: CONNECT is not allowed.')
  })
})

describe('paging at the documented edge', () => {
  it('page 1,000,000,000 answers an empty page; one more is a 400 QueryError', async () => {
    for (const query of [
      'page=1000000000',
      'page[number]=1000000000&page[size]=500',
      'page=1000000000&limit=500',
      'where[firstName][like]=Only&page=1000000000',
    ]) {
      const answer = await signedIn(`/api/contacts?${query}`)
      expect(answer.status, `${query}: ${answer.body}`).toBe(200)
      expect(json(answer)).toMatchObject({ docs: [], totalDocs: 1, page: 1_000_000_000, hasNextPage: false })
    }
    for (const query of ['page=1000000001', 'page[number]=1000000001', 'page=10000000000', 'page=0']) {
      const answer = await signedIn(`/api/contacts?${query}`)
      expectErrorBody(answer, 400, 'QueryError')
    }
  })
})

describe('an id longer than the router reads (100 characters)', () => {
  const long = `/api/contacts/${'a'.repeat(101)}`

  it('is a 414 with the error body, whatever the method, also while the app is served', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'])
      expectErrorBody(await signedIn(long, method), 414, 'URITooLong')
    // Without the app, the GET is the API's alone.
    const apiOnly = await buildApp({ db: server.db })
    try {
      const apiBase = await apiOnly.listen({ port: 0, host: '127.0.0.1' })
      for (const method of ['GET', 'PATCH'])
        expectErrorBody(await rawGet(apiBase, long, ['Host: localhost'], method), 414, 'URITooLong')
    } finally {
      await apiOnly.close()
    }
  })
})
