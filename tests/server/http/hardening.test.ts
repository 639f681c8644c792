/**
 * Hardening from a security review: input that used to crash a handler (a
 * deeply nested body), be silently ignored (prototype names in `where`),
 * be accepted although it cannot be ours (a change-feed cursor beyond the
 * head), or be answered by Node in its own words (requests its HTTP parser
 * refuses). Every refusal is a 4xx with the error body and changes nothing.
 */
import type { Socket } from 'node:net'
import { sql } from 'drizzle-orm'
import type { ConnectionError } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { nulFields } from '../../../server/db/nul'
import { clientErrorHandler } from '../../../server/http/client-error'
import { startTestServer, type TestServer } from '../helpers'
import { type RawAnswer, rawRequest } from '../raw-http'

let server: TestServer
let admin: string

beforeAll(async () => {
  server = await startTestServer()
  admin = (await server.signIn({ role: 'admin' })).cookie
  await server.request(admin, { method: 'POST', url: '/api/contacts', payload: { firstName: 'Kept' } })
})
afterAll(() => server?.close())

const get = (url: string) => server.request(admin, { method: 'GET', url })
const contactCount = async () => (await get('/api/contacts')).json().totalDocs as number

/** A 4xx with the error body, named `name`. */
function refusedAs(response: { statusCode: number; body: string }, status: number, name: string) {
  expect(response.statusCode, response.body).toBe(status)
  const item = JSON.parse(response.body).errors?.[0]
  expect(item, response.body).toMatchObject({ name })
  expect(typeof item.title).toBe('string')
  expect(typeof item.message).toBe('string')
  return item as { name: string; title: string; message: string }
}

describe('deeply nested JSON bodies', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`
  const post = (url: string, payload: string, method = 'POST') =>
    server.request(admin, {
      method: method as 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json' },
    })

  it('are refused with a 400 before they reach a handler, in every JSON write', async () => {
    const before = await contactCount()
    const id = (await get('/api/contacts')).json().docs[0].id
    for (const [method, url] of [
      ['POST', '/api/contacts'],
      ['PATCH', `/api/contacts/${id}`],
      ['POST', '/api/users'],
      ['POST', '/api/users/login'],
    ] as const) {
      for (const body of [
        `{"firstName": ${nested(5000)}}`,
        `{"firstName": "x", "a": ${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
        nested(100_000),
      ]) {
        const item = refusedAs(await post(url, body, method), 400, 'BadRequest')
        expect(item.message).toBe('The JSON body nests too deeply (at most 64 levels).')
      }
    }
    // With a charset too: the parser is chosen by media type.
    const withCharset = await server.request(admin, {
      method: 'POST',
      url: '/api/contacts',
      payload: nested(1000),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    })
    refusedAs(withCharset, 400, 'BadRequest')
    expect(await contactCount()).toBe(before)
    expect((await get(`/api/contacts/${id}`)).json().version).toBe(1)
  })

  it('up to 64 levels are read as usual; brackets inside strings (escaped quotes too) do not count', async () => {
    // 64 levels: read, then refused by validation as any other wrong value.
    const deep = refusedAs(
      await post('/api/contacts', `{"firstName": ${nested(63)}}`),
      400,
      'ValidationError',
    )
    expect(deep.message).toBe('The following field is invalid: firstName')
    refusedAs(await post('/api/contacts', `{"firstName": ${nested(64)}}`), 400, 'BadRequest')

    const brackets = '[{'.repeat(40) // 80 levels, were they counted
    const created = await post(
      '/api/contacts',
      JSON.stringify({ firstName: brackets, lastName: `\\"${brackets}\\\\`, title: '"[{' }),
    )
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json().doc).toMatchObject({ firstName: brackets, lastName: `\\"${brackets}\\\\` })
    await server.request(admin, { method: 'DELETE', url: `/api/contacts/${created.json().doc.id}` })
  })

  it('keep the answers for empty, broken, prototype-poisoned and oversize JSON', async () => {
    for (const body of [
      '',
      '{"firstName": ',
      '{"firstName": "x"}}',
      '[[[]',
      '{"__proto__": {"x": 1}}',
      '{"constructor": {"prototype": {"x": 1}}}',
    ]) {
      const item = refusedAs(await post('/api/contacts', body), 400, 'BadRequest')
      expect(item.message, body).toBe('The request body is not valid JSON.')
    }
    const big = JSON.stringify({ firstName: 'x'.repeat(1024 * 1024) })
    refusedAs(await post('/api/contacts', big), 413, 'PayloadTooLarge')
  })

  it('the NUL check walks any depth without recursion', () => {
    let value: unknown = 'deep\u0000'
    for (let n = 0; n < 200_000; n++) value = n % 2 ? [value] : { a: value }
    expect(nulFields({ ok: 'x', bad: value })).toEqual([
      { field: 'bad', message: 'Must not contain a NUL character.' },
    ])
    let clean: unknown = 'clean'
    for (let n = 0; n < 200_000; n++) clean = { [`k${n % 3}`]: [clean] }
    expect(nulFields({ clean })).toEqual([])
  })
})

/** Every name on Object.prototype, and a few more a careless lookup would find. */
const PROTOTYPE_NAMES = [...Object.getOwnPropertyNames(Object.prototype), 'prototype', '__proto__']

describe('prototype names in a where query', () => {
  const lists = [
    { url: '/api/contacts', field: 'firstName' },
    { url: '/api/users', field: 'email' },
  ]

  it('as an operator are a 400, alone, beside a good operator, and inside and/or', async () => {
    for (const { url, field } of lists) {
      for (const name of PROTOTYPE_NAMES) {
        for (const query of [
          `where[${field}][${name}]=x`,
          `where[${field}][equals]=Kept&where[${field}][${name}]=x`,
          `where[or][0][${field}][${name}]=x`,
          `where[and][0][${field}][equals]=Kept&where[and][1][${field}][${name}]=x`,
          `where%5B${field}%5D%5B${name}%5D=x`,
        ]) {
          const item = refusedAs(await get(`${url}?${query}`), 400, 'QueryError')
          expect(item.message, query).toBe(`Unknown operator "${name}" on ${field}.`)
        }
      }
    }
  })

  it('as a field path are a 400, alone, beside a good condition, and inside and/or', async () => {
    for (const { url, field } of lists) {
      for (const name of PROTOTYPE_NAMES) {
        for (const query of [
          `where[${name}][equals]=x`,
          `where[${field}][equals]=Kept&where[${name}][equals]=x`,
          `where[or][0][${name}][equals]=x`,
          `where[and][0][${field}][equals]=Kept&where[and][1][${name}][like]=x`,
          `where[${name}.value][equals]=x`,
        ]) {
          const item = refusedAs(await get(`${url}?${query}`), 400, 'QueryError')
          expect(item.message, query).toMatch(/^The following path cannot be queried: /)
        }
      }
    }
  })

  it('as a paging parameter are a 400', async () => {
    for (const name of PROTOTYPE_NAMES) {
      const item = refusedAs(await get(`/api/contacts?page[${name}]=1`), 400, 'QueryError')
      expect(item.message).toBe(`Unknown paging parameter page[${name}].`)
    }
  })

  it('good queries still work', async () => {
    const found = await get('/api/contacts?where[firstName][equals]=Kept&where[or][0][firstName][like]=kep')
    expect(found.statusCode, found.body).toBe(200)
    expect(found.json().totalDocs).toBe(1)
    expect((await get('/api/contacts?where[firstName][equals]=Nobody')).json().totalDocs).toBe(0)
  })
})

describe('a change-feed cursor beyond the head', () => {
  let fresh: TestServer
  let cookie: string
  beforeAll(async () => {
    fresh = await startTestServer()
    cookie = (await fresh.signIn()).cookie
  })
  afterAll(() => fresh?.close())

  const feed = (since: number | string) =>
    fresh.request(cookie, { method: 'GET', url: `/api/sync/changes?since=${since}` })
  /** The last seq the database issued, as the sequence itself says (0 before the first). */
  const head = async () => {
    const result = (await fresh.db.execute(sql`select last_value, is_called from write_seq`)) as unknown as {
      rows: Array<{ last_value: number | string | bigint; is_called: boolean }>
    }
    const row = result.rows[0]
    return row?.is_called ? Number(row.last_value) : 0
  }
  const ahead = (response: { statusCode: number; body: string }) => {
    const item = refusedAs(response, 410, 'ResyncRequired')
    expect(item.message).toBe(
      'This cursor is ahead of the server (its database may have been restored); resync from 0.',
    )
    expect(JSON.parse(response.body).resync).toBe(true)
  }

  it('before the first write, any cursor but 0 is ahead', async () => {
    expect(await head()).toBe(0)
    expect((await feed(0)).json()).toEqual({ changes: [], cursor: '0', hasMore: false, total: 0 })
    ahead(await feed(1))
  })

  it('since=head answers 200, since=head+1 answers 410 asking for a resync', async () => {
    for (const firstName of ['One', 'Two']) {
      await fresh.request(cookie, { method: 'POST', url: '/api/contacts', payload: { firstName } })
    }
    // A write that rolls back still uses up its seq: the head is the sequence's, not the last row's.
    await fresh.db.execute(sql`select nextval('write_seq')`)
    const last = await head()
    expect(last).toBeGreaterThanOrEqual(3)
    const atHead = await feed(last)
    expect(atHead.statusCode, atHead.body).toBe(200)
    expect(atHead.json()).toEqual({ changes: [], cursor: String(last), hasMore: false })
    ahead(await feed(last + 1))
    ahead(await feed(900_000_000_000_000))
    // Nothing changed: from 0 the feed still holds both contacts.
    expect((await feed(0)).json().changes).toHaveLength(2)
  })
})

describe("requests Node's HTTP parser refuses", () => {
  let base: string
  beforeAll(async () => {
    base = await server.listen()
  })

  const expectAnswer = (answer: RawAnswer, status: number, name: string) => {
    expect(answer.status, JSON.stringify(answer)).toBe(status)
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(answer.headers.connection).toBe('close')
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body))
    refusedAs({ statusCode: status, body: answer.body }, status, name)
  }

  it('a malformed request line is a 400 with the error body', async () => {
    expectAnswer(await rawRequest(base, 'NOT A REQUEST\r\n\r\n'), 400, 'BadRequest')
    expectAnswer(
      await rawRequest(base, 'GET /api/contacts HTTP/9.x\r\nHost: localhost\r\n\r\n'),
      400,
      'BadRequest',
    )
  })

  it('a control character in a header value is a 400 with the error body', async () => {
    const answer = await rawRequest(
      base,
      'GET /api/contacts HTTP/1.1\r\nHost: localhost\r\nX-Note: a\u0001b\r\n\r\n',
    )
    expectAnswer(answer, 400, 'BadRequest')
  })

  it('a URL longer than the header limit is a 431 with the error body', async () => {
    const answer = await rawRequest(
      base,
      `GET /api/contacts?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    )
    expectAnswer(answer, 431, 'RequestHeaderFieldsTooLarge')
  })

  it('the server still answers a good request afterwards', async () => {
    const answer = await rawRequest(
      base,
      'GET /api/users/me HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    )
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toEqual({ user: null })
  })

  /** A socket that records what the handler does with it. */
  function fakeSocket(inFlight?: { headersSent: boolean }) {
    const seen = { written: '', destroyed: false }
    const socket = {
      destroyed: false,
      writable: true,
      _httpMessage: inFlight ?? null,
      end: (bytes: Buffer) => {
        seen.written = bytes.toString()
      },
      setTimeout: () => {},
      destroy: () => {
        seen.destroyed = true
      },
    }
    return { socket: socket as unknown as Socket, seen }
  }
  const connectionError = (code: string) => Object.assign(new Error(code), { code }) as ConnectionError

  it('a request that never finished arriving is a 408; a reset connection gets nothing', () => {
    const timedOut = fakeSocket()
    clientErrorHandler(connectionError('ERR_HTTP_REQUEST_TIMEOUT'), timedOut.socket)
    expect(timedOut.seen.written).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/)
    expect(timedOut.seen.written).toContain('"name":"RequestTimeout"')
    const reset = fakeSocket()
    clientErrorHandler(connectionError('ECONNRESET'), reset.socket)
    expect(reset.seen).toEqual({ written: '', destroyed: false })
  })

  it('never writes into a response already under way on the connection: it only closes it', () => {
    const busy = fakeSocket({ headersSent: true })
    clientErrorHandler(connectionError('HPE_INVALID_METHOD'), busy.socket)
    expect(busy.seen).toEqual({ written: '', destroyed: true })
  })
})

describe('security headers', () => {
  const PERMISSIONS = ['camera', 'microphone', 'geolocation', 'payment', 'usb']

  it('HSTS only over HTTPS: never over plain HTTP, and behind a trusted proxy that says https', async () => {
    const plain = await server.app.inject({ method: 'GET', url: '/api/users/me' })
    expect(plain.headers['strict-transport-security']).toBeUndefined()
    // An untrusted X-Forwarded-Proto changes nothing.
    const claimed = await server.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(claimed.headers['strict-transport-security']).toBeUndefined()

    const proxied = await buildApp({ db: server.db, trustProxy: 1, signInLimits: { perAddress: false } })
    try {
      const secure = await proxied.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { 'x-forwarded-proto': 'https' },
      })
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
      const insecure = await proxied.inject({ method: 'GET', url: '/api/users/me' })
      expect(insecure.headers['strict-transport-security']).toBeUndefined()
    } finally {
      await proxied.close()
    }
  })

  it('frames are denied everywhere (X-Frame-Options agrees with frame-ancestors); forms post only here', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/contacts' })
    expect(response.headers['x-frame-options']).toBe('DENY')
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("form-action 'self'")
  })

  it('API answers are not stored by any cache: a list, an error, a sign-in, a 404', async () => {
    const user = await server.createUser()
    const answers = [
      await get('/api/contacts'),
      await get('/api/contacts?where[nothing][equals]=x'),
      await server.app.inject({ method: 'GET', url: '/api/contacts' }),
      await server.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: user.email, password: user.password },
      }),
      await get('/api/nowhere'),
    ]
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 400, 401, 200, 404])
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store')
  })

  it('a Permissions-Policy denies the powerful features the app does not use', async () => {
    const policy = String((await get('/api/users/me')).headers['permissions-policy'])
    for (const feature of PERMISSIONS) expect(policy).toContain(`${feature}=()`)
  })
})
