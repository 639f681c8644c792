/**
 * Outpost grows by running several server processes on one PostgreSQL. Two
 * real processes (server/main.ts) share one database here, and every limit,
 * lockout, unlock and session revocation made through one holds on the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, type RunningServer, startApiServer } from '../e2e/server-process'
import { rawCall } from './helpers'
import { startTestPostgres, type TestPostgres } from './postgres'
import { holdRequest, sendRequest } from './slow-client'

let postgres: TestPostgres
let a: RunningServer
let b: RunningServer

beforeAll(async () => {
  postgres = await startTestPostgres()
  const env = { DATABASE_URL: postgres.url }
  // Both at once on an empty database, as a deploy of two instances starts them: one migrates and
  // creates the Admin while the other waits for it, and neither stops on the other's work.
  ;[a, b] = await Promise.all([startApiServer(env), startApiServer(env)])
}, 120_000)

afterAll(async () => {
  await a?.stop()
  await b?.stop()
  await postgres?.stop()
})

/**
 * An API call to one process, JSON both ways, with the session it set. The processes are real ones, out of
 * app.inject's reach (callApi's): the call goes over a socket, by rawCall.
 */
async function call(server: RunningServer, method: string, path: string, body?: object, cookie?: string) {
  const answer = await rawCall(
    server.url,
    method,
    `/api/${path}`,
    { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body ? Buffer.from(JSON.stringify(body)) : undefined,
  )
  const setCookie = (answer.headers['set-cookie'] ?? '').split(';')[0] ?? ''
  return {
    status: answer.status,
    json: JSON.parse(answer.body) as Record<string, unknown>,
    cookie: setCookie,
  }
}

const login = (server: RunningServer, email: string, password: string) =>
  call(server, 'POST', 'users/login', { email, password })

describe('two server processes on one PostgreSQL', () => {
  it('share sessions, lockouts, unlocks, revocations and the per-address limit', async () => {
    // Sign-ins from this address, counted by both processes together (20 a minute).
    let attempts = 0
    const counted = async (server: RunningServer, email: string, password: string) => {
      attempts++
      return login(server, email, password)
    }

    const admin = await counted(a, ADMIN.email, ADMIN.password)
    expect(admin.status).toBe(200)
    expect((await call(b, 'GET', 'contacts', undefined, admin.cookie)).status).toBe(200)

    const staff = { email: 'staff@outpost.test', password: 'staff-secret-1' }
    expect((await call(a, 'POST', 'users', staff, admin.cookie)).status).toBe(201)

    // Five failures spread over both processes lock the account on both.
    for (let n = 0; n < 5; n++)
      expect((await counted(n % 2 ? a : b, staff.email, 'wrong-guess')).status).toBe(401)
    expect((await counted(a, staff.email, staff.password)).status).toBe(429)
    expect((await counted(b, staff.email, staff.password)).status).toBe(429)

    // An Admin's unlock on one process opens the account on the other.
    expect((await call(b, 'POST', 'users/unlock', { email: staff.email }, admin.cookie)).status).toBe(200)
    const signedIn = await counted(a, staff.email, staff.password)
    expect(signedIn.status).toBe(200)

    // Logging out on one process ends the session on the other at once.
    expect((await call(b, 'GET', 'contacts', undefined, signedIn.cookie)).status).toBe(200)
    expect((await call(a, 'POST', 'users/logout', undefined, signedIn.cookie)).status).toBe(200)
    expect((await call(b, 'GET', 'contacts', undefined, signedIn.cookie)).status).toBe(401)

    // A password changed by the Admin on one process ends the user's sessions on the other.
    const again = await counted(b, staff.email, staff.password)
    expect(again.status).toBe(200)
    const id = (again.json.user as { id: string }).id
    expect((await call(a, 'PATCH', `users/${id}`, { password: 'staff-secret-2' }, admin.cookie)).status).toBe(
      200,
    )
    expect((await call(b, 'GET', 'contacts', undefined, again.cookie)).status).toBe(401)

    // The per-address limit counts attempts made through either process.
    const answers: number[] = []
    while (attempts < 20)
      answers.push((await counted(attempts % 2 ? a : b, `nobody${attempts}@outpost.test`, 'x-guess')).status)
    expect(answers.every((status) => status === 401)).toBe(true)
    for (const server of [a, b]) {
      const limited = await login(server, 'nobody-else@outpost.test', 'x-guess')
      expect(limited.status).toBe(429)
      expect((limited.json.errors as { message: string }[])[0]?.message).toMatch(/^Too many attempts/)
    }
  }, 60_000)

  /** The Admin's cookie, signed in from an address of its own (the first test spent 127.0.0.1's allowance). */
  async function adminFrom(server: RunningServer, from: string) {
    const answer = await sendRequest(
      { base: server.url, from },
      { method: 'POST', path: '/api/users/login', body: ADMIN },
    )
    expect(answer.status).toBe(200)
    return { cookie: (answer.headers['set-cookie'] ?? '').split(';')[0] ?? '' }
  }

  it('one address guessing through both processes locks out only itself; the owner signs in elsewhere', async () => {
    const admin = await adminFrom(a, '127.0.0.5')
    const owner = { email: 'owner@outpost.test', password: 'owner-secret-1' }
    expect((await call(b, 'POST', 'users', owner, admin.cookie)).status).toBe(201)
    const attempt = (server: RunningServer, from: string, password: string) =>
      sendRequest(
        { base: server.url, from },
        { method: 'POST', path: '/api/users/login', body: { email: owner.email, password } },
      )
    for (let n = 0; n < 51; n++) await attempt(n % 2 ? a : b, '127.0.0.3', 'wrong-guess')
    for (const server of [a, b]) {
      expect((await attempt(server, '127.0.0.3', owner.password)).status).toBe(429)
      expect((await attempt(server, '127.0.0.4', owner.password)).status).toBe(200)
    }
  }, 60_000)

  it('a body held on one process is refused after the session ended on the other', async () => {
    const admin = await adminFrom(b, '127.0.0.6')
    const held = await holdRequest(
      { base: a.url },
      { method: 'POST', path: '/api/contacts', cookie: admin.cookie, body: { firstName: 'Late' } },
    )
    const update = await holdRequest(
      { base: a.url },
      {
        method: 'POST',
        path: '/api/users',
        cookie: admin.cookie,
        body: { email: 'late@outpost.test', password: 'late-secret-1' },
      },
    )
    expect((await call(b, 'POST', 'users/logout', undefined, admin.cookie)).status).toBe(200)
    expect((await held.release()).status).toBe(401)
    expect((await update.release()).status).toBe(401)
    const again = await adminFrom(a, '127.0.0.7')
    const found = await call(
      b,
      'GET',
      'users?where[email][equals]=late@outpost.test',
      undefined,
      again.cookie,
    )
    expect(found.json.totalDocs).toBe(0)
  }, 60_000)
})
