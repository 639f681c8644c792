/**
 * What makes the server safe to run: the per-account sign-in limit (shared
 * by every process through the database), idle session expiry, and the
 * headers a browser needs on every answer.
 */
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { forgetSessions } from '../../../server/auth/session-cache'
import { sessions } from '../../../server/db/schema'
import { loginAttempt, startTestServer, type TestServer } from '../helpers'

let server: TestServer
/** A second server process over the same database. */
let second: FastifyInstance

beforeAll(async () => {
  server = await startTestServer()
  second = await buildApp({ db: server.db, signInLimits: { perAddress: false } })
})
afterAll(async () => {
  await second?.close()
  await server?.close()
})

describe('per-account sign-in limit', () => {
  it('locks an account after 5 failures in 15 minutes, on every process, even for the right password', async () => {
    const user = await server.createUser()
    for (let n = 0; n < 5; n++) {
      const app = n % 2 === 0 ? server.app : second
      expect((await loginAttempt(app, user.email, 'wrong-password')).statusCode).toBe(401)
    }
    for (const app of [server.app, second]) {
      const locked = await loginAttempt(app, user.email, user.password)
      expect(locked.statusCode).toBe(429)
      expect(locked.json().errors[0]).toMatchObject({
        name: 'TooManyRequests',
        message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
      })
      const retryAfter = Number(locked.headers['retry-after'])
      expect(retryAfter).toBeGreaterThan(800)
      expect(retryAfter).toBeLessThanOrEqual(900)
    }
    // Another account is not affected.
    const other = await server.createUser()
    expect((await loginAttempt(server.app, other.email, other.password)).statusCode).toBe(200)
  })

  it('answers an unknown email the same way, so the limit tells nobody which accounts exist', async () => {
    const answers = []
    for (let n = 0; n < 6; n++)
      answers.push((await loginAttempt(server.app, 'nobody@nowhere.example', 'guess-123')).statusCode)
    expect(answers).toEqual([401, 401, 401, 401, 401, 429])
  })

  it('a successful sign-in clears the count', async () => {
    const user = await server.createUser()
    for (let n = 0; n < 4; n++) await loginAttempt(server.app, user.email, 'wrong-password')
    expect((await loginAttempt(server.app, user.email, user.password)).statusCode).toBe(200)
    for (let n = 0; n < 5; n++)
      expect((await loginAttempt(server.app, user.email, 'wrong-password')).statusCode).toBe(401)
    expect((await loginAttempt(server.app, user.email, 'wrong-password')).statusCode).toBe(429)
  })

  it('the window ends: attempts are counted afresh', async () => {
    const user = await server.createUser()
    for (let n = 0; n < 6; n++) await loginAttempt(server.app, user.email, 'wrong-password')
    await server.db.execute(sql`update throttles set window_start = now() - interval '16 minutes'`)
    expect((await loginAttempt(server.app, user.email, user.password)).statusCode).toBe(200)
  })
})

describe('sessions', () => {
  it('expire after the idle window', async () => {
    const { user, cookie } = await server.signIn()
    const me = () => server.request(cookie, { method: 'GET', url: '/api/users/me' })
    expect((await me()).json().user.id).toBe(user.id)
    await server.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(sessions.userId, user.id))
    // Changed behind the server's back (it only caches what it changes itself on PGlite).
    forgetSessions()
    expect((await me()).json()).toEqual({ user: null })
    expect((await server.request(cookie, { method: 'GET', url: '/api/contacts' })).statusCode).toBe(401)
  })

  it('a session cookie is HttpOnly and SameSite=Lax, Secure over HTTPS behind a trusted proxy', async () => {
    const user = await server.createUser()
    const proxied = await buildApp({ db: server.db, trustProxy: 1, signInLimits: { perAddress: false } })
    try {
      const response = await loginAttempt(proxied, user.email, user.password, {
        headers: { 'x-forwarded-proto': 'https' },
      })
      const cookie = String(response.headers['set-cookie'])
      for (const part of ['HttpOnly', 'SameSite=Lax', 'Secure']) expect(cookie).toContain(part)
    } finally {
      await proxied.close()
    }
  })
})

describe('headers', () => {
  it("every answer carries the security headers and the PWA's CSP", async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/contacts' })
    expect(response.statusCode).toBe(401)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['permissions-policy']).toContain('camera=()')
    // Plain HTTP: HSTS only over HTTPS (http/hardening.test.ts).
    expect(response.headers['strict-transport-security']).toBeUndefined()
    const csp = String(response.headers['content-security-policy'])
    for (const directive of [
      "default-src 'self'",
      "img-src 'self' data: blob:",
      "object-src 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive)
    }
  })

  it('a cookie-authenticated write takes only JSON or multipart, from our own origin', async () => {
    const { cookie } = await server.signIn()
    const form = await server.request(cookie, {
      method: 'POST',
      url: '/api/companies',
      payload: 'companyName=Forged',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.statusCode).toBe(415)
    const crossSite = await server.request(cookie, {
      method: 'POST',
      url: '/api/users',
      payload: { email: 'x@y.example', password: 'secret-1' },
      headers: { origin: 'https://attacker.example' },
    })
    expect(crossSite.statusCode).toBe(403)
  })
})
