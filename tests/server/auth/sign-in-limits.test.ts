/**
 * How often a password may be tried (server/auth/sign-in-limits.ts): per
 * account and address, so an attacker locks only their own address out; a
 * slower backstop per account; an Admin's unlock; wrong current passwords
 * counted as failed sign-ins; and client addresses taken only from the proxy
 * hops the server was told to trust.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { addressBlock } from '../../../server/auth/address-block'
import { ROLE_IDS } from '../../../src/domain/user'
import { loginAttempt, startTestServer, type TestServer } from '../helpers'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

/** A sign-in attempt from a client address: what these limits count by. */
const login = (app: FastifyInstance, email: string, password: string, remoteAddress = '127.0.0.1') =>
  loginAttempt(app, email, password, { remoteAddress })

async function withApp<T>(
  options: Parameters<typeof buildApp>[0],
  run: (app: FastifyInstance) => Promise<T>,
) {
  const app = await buildApp(options)
  try {
    return await run(app)
  } finally {
    await app.close()
  }
}

describe('failed sign-ins per account and address', () => {
  it('locks out the guessing address only: the owner signs in from elsewhere', async () => {
    const owner = await server.createUser()
    const attacker = '203.0.113.66'
    for (let n = 0; n < 5; n++)
      expect((await login(server.app, owner.email, 'guess-guess', attacker)).statusCode).toBe(401)
    const locked = await login(server.app, owner.email, owner.password, attacker)
    expect(locked.statusCode).toBe(429)
    expect(locked.json().errors[0].message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.')
    expect((await login(server.app, owner.email, owner.password, '198.51.100.7')).statusCode).toBe(200)
  })

  it('one address cannot lock an account for anyone, an Admin’s included, however many times it guesses', async () => {
    const owner = await server.createUser({ role: ROLE_IDS.Admin })
    const attacker = '203.0.113.66'
    // The default limits, the per-address one too: 51 wrong passwords as fast as one address can send them.
    await withApp({ db: server.db }, async (app) => {
      const answers = new Set<number>()
      for (let n = 0; n < 51; n++)
        answers.add((await login(app, owner.email, 'guess-guess', attacker)).statusCode)
      expect([...answers].sort()).toEqual([401, 429])
      expect((await login(app, owner.email, owner.password, attacker)).statusCode).toBe(429)
      const elsewhere = await login(app, owner.email, owner.password, '198.51.100.7')
      expect(elsewhere.statusCode, elsewhere.body).toBe(200)
    })
  })

  it('a backstop per account slows guesses spread over many addresses, and never shuts the owner out', async () => {
    const owner = await server.createUser()
    const options = {
      db: server.db,
      signInLimits: { perAddress: false as const, perAccount: { max: 8, windowMs: 3_600_000 } },
    }
    await withApp(options, async (app) => {
      for (let n = 0; n < 8; n++)
        expect((await login(app, owner.email, 'guess-guess', `192.0.2.${n + 1}`)).statusCode).toBe(401)
      // Past the backstop each address gets one try per window, not five.
      expect((await login(app, owner.email, 'guess-guess', '192.0.2.100')).statusCode).toBe(401)
      const slowed = await login(app, owner.email, 'guess-guess', '192.0.2.100')
      expect(slowed.statusCode).toBe(429)
      expect(slowed.json().errors[0].message).toBe(
        'Too many failed sign-in attempts. Try again in 15 minutes.',
      )
      const retryAfter = Number(slowed.headers['retry-after'])
      expect(retryAfter).toBeGreaterThan(800)
      expect(retryAfter).toBeLessThanOrEqual(900)
      // The owner, from an address of their own, gets in with the right password.
      expect((await login(app, owner.email, owner.password, '192.0.2.200')).statusCode).toBe(200)
      // And their sign-in does not wipe what the guessers ran up: the next guesser is slowed as before.
      expect((await login(app, owner.email, 'guess-guess', '192.0.2.101')).statusCode).toBe(401)
      expect((await login(app, owner.email, 'guess-guess', '192.0.2.101')).statusCode).toBe(429)
    })
  })

  it('counts an IPv6 client by its /64: new addresses of one network are no fresh allowance', async () => {
    const owner = await server.createUser()
    for (let n = 1; n <= 5; n++)
      expect((await login(server.app, owner.email, 'guess-guess', `2001:db8:1:2::${n}`)).statusCode).toBe(401)
    expect((await login(server.app, owner.email, owner.password, '2001:db8:1:2:ffff::9')).statusCode).toBe(
      429,
    )
    // Another /64 is another client; an IPv4 address seen as IPv6 is that IPv4 client.
    expect((await login(server.app, owner.email, owner.password, '2001:db8:1:3::1')).statusCode).toBe(200)
    expect(addressBlock('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(addressBlock('2001:DB8:1:2:3:4:5:6')).toBe(addressBlock('2001:db8:1:2::'))
    expect(addressBlock('2001:db8::1')).not.toBe(addressBlock('2001:db8:0:1::1'))
  })

  it('an Admin unlocks an account at once; a User may not', async () => {
    const owner = await server.createUser()
    for (let n = 0; n < 6; n++) await login(server.app, owner.email, 'guess-guess')
    expect((await login(server.app, owner.email, owner.password)).statusCode).toBe(429)

    const { cookie: userCookie } = await server.signIn()
    const unlock = (cookie: string, email: string) =>
      server.request(cookie, { method: 'POST', url: '/api/users/unlock', payload: { email } })
    expect((await unlock(userCookie, owner.email)).statusCode).toBe(403)
    expect((await login(server.app, owner.email, owner.password)).statusCode).toBe(429)

    const { cookie: adminCookie } = await server.signIn({ role: ROLE_IDS.Admin })
    const bad = await unlock(adminCookie, 'not-an-email')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].data[0].field).toBe('email')
    const done = await unlock(adminCookie, owner.email.toUpperCase())
    expect(done.statusCode).toBe(200)
    expect(done.json()).toEqual({ message: 'The account has been unlocked.' })
    expect((await login(server.app, owner.email, owner.password)).statusCode).toBe(200)
  })
})

describe('the current password, when changing one’s own password or email', () => {
  const patch = (cookie: string, id: string, payload: object) =>
    server.request(cookie, { method: 'PATCH', url: `/api/users/${id}`, payload })

  it('counts wrong guesses as failed sign-ins: a stolen session cannot brute-force it', async () => {
    const { user, cookie } = await server.signIn()
    for (let n = 0; n < 5; n++) {
      const wrong = await patch(cookie, user.id, { password: 'new-secret', currentPassword: `guess-${n}` })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json().errors[0].data).toEqual([
        { field: 'currentPassword', message: 'The current password is incorrect.' },
      ])
    }
    const limited = await patch(cookie, user.id, { password: 'new-secret', currentPassword: user.password })
    expect(limited.statusCode).toBe(429)
    // The same count as signing in from this address.
    expect((await login(server.app, user.email, user.password)).statusCode).toBe(429)
    // Nothing changed: the old password still stands (once the lock is lifted).
    const { cookie: adminCookie } = await server.signIn({ role: ROLE_IDS.Admin })
    await server.request(adminCookie, {
      method: 'POST',
      url: '/api/users/unlock',
      payload: { email: user.email },
    })
    expect((await login(server.app, user.email, user.password)).statusCode).toBe(200)
  })

  it('changing one’s own email needs it; an Admin changing someone else’s does not', async () => {
    const { user, cookie } = await server.signIn()
    const email = `moved-${Date.now()}@test.local`
    const without = await patch(cookie, user.id, { email })
    expect(without.statusCode).toBe(400)
    expect(without.json().errors[0].data[0].field).toBe('currentPassword')
    // Sending the unchanged email (a whole profile form) needs nothing.
    expect((await patch(cookie, user.id, { email: user.email, city: 'Lyon' })).statusCode).toBe(200)
    const moved = await patch(cookie, user.id, { email, currentPassword: user.password })
    expect(moved.statusCode).toBe(200)
    expect(moved.json().doc.email).toBe(email)

    const other = await server.createUser()
    const { cookie: adminCookie } = await server.signIn({ role: ROLE_IDS.Admin })
    const byAdmin = await patch(adminCookie, other.id, { email: `by-admin-${Date.now()}@test.local` })
    expect(byAdmin.statusCode).toBe(200)
  })
})

describe('the client address behind proxies', () => {
  const attempt = (app: FastifyInstance, forwardedFor: string) =>
    loginAttempt(app, 'nobody@test.local', 'guess-guess', {
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': forwardedFor },
    })

  it('trusts only the configured hops: a client cannot name a new address per attempt', async () => {
    const options = {
      db: server.db,
      trustProxy: 1,
      signInLimits: {
        perAddress: { max: 3, windowMs: 60_000 },
        perAccountAddress: { max: 100, windowMs: 60_000 },
      },
    }
    await withApp(options, async (app) => {
      // The proxy appends the address it saw; what the client wrote comes before it.
      const answers = []
      for (let n = 0; n < 4; n++) answers.push((await attempt(app, `198.18.0.${n}, 100.64.0.9`)).statusCode)
      expect(answers).toEqual([401, 401, 401, 429])
      // Another client behind the same proxy is counted apart.
      expect((await attempt(app, '100.64.0.10')).statusCode).toBe(401)
    })
  })

  it('without a trusted proxy, X-Forwarded-For is ignored', async () => {
    const options = {
      db: server.db,
      signInLimits: {
        perAddress: { max: 2, windowMs: 60_000 },
        perAccountAddress: { max: 100, windowMs: 60_000 },
      },
    }
    await withApp(options, async (app) => {
      const answers = []
      for (let n = 0; n < 3; n++) answers.push((await attempt(app, `198.18.1.${n}`)).statusCode)
      expect(answers).toEqual([401, 401, 429])
    })
  })
})
