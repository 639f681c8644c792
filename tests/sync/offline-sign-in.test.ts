/**
 * Signing in with no network on a device the person used before, against the
 * real server app in-process: the verifier kept past sign-out opens the
 * device, wrong passwords count with the lock screen's tries, an unknown
 * email still needs the network; then the session is renewed when the server
 * answers (its own cookie reused, or another user's replaced), nothing is
 * sent before, and a password changed on the server signs the device out.
 * One cookie jar and one storage per test: one browser.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { OutpostDb } from '../../src/db/database'
import { createRecord } from '../../src/db/record-writes'
import { messages } from '../../src/domain/errors'
import { hasVerifier, isLocked } from '../../src/session/lock'
import { isUnproven, REFUSED_TEXT, renewSession, signInNotice } from '../../src/session/offline-session'
import { SignInError, signIn, signOut, unlockApp } from '../../src/session/sign-in'
import { storedUser } from '../../src/session/stored-user'
import { SyncEngine } from '../../src/sync/engine'
import { sessionGate } from '../../src/sync/session-gate'
import { me } from '../../src/transport/calls'
import { NetworkError, type Transport } from '../../src/transport/http'
import { startTestServer, type TestServer } from '../server/helpers'
import { type CookieJar, injectTransport } from './in-process'
import { MemoryStorage } from './memory-storage'

let server: TestServer
let adminCookie: string

beforeAll(async () => {
  server = await startTestServer()
  adminCookie = (await server.signIn({ role: 'admin' })).cookie
}, 60_000)
afterAll(() => server.close())

/** One browser: its cookie jar, its localStorage, and a network that can be cut. */
function browser() {
  const jar: CookieJar = {}
  const storage = new MemoryStorage()
  const network = { offline: false }
  const online = injectTransport(server.app, jar)
  const transport: Transport = (request) =>
    network.offline ? Promise.reject(new NetworkError('offline')) : online(request)
  let clock = Date.parse('2026-11-26T10:00:00Z')
  return {
    jar,
    storage,
    network,
    transport,
    now: () => clock,
    later: (ms: number) => {
      clock += ms
    },
    signIn: (email: string, password: string) =>
      signIn(email, password, { transport, storage, now: () => clock }),
  }
}

const refusal = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'accepted',
    (error: unknown) => (error instanceof SignInError ? error.message : `threw ${String(error)}`),
  )

describe('signing in offline', () => {
  it('opens the device with the same password after a log out, the email matched as the server does', async () => {
    const pat = await server.createUser({ firstName: 'Pat' })
    const tablet = browser()
    await tablet.signIn(pat.email, pat.password)
    tablet.network.offline = true
    await signOut({ transport: tablet.transport, storage: tablet.storage })
    expect(storedUser(tablet.storage)).toBeNull()
    expect(hasVerifier(pat.id, tablet.storage)).toBe(true)
    // Nothing of the password itself is kept: only the salted hash.
    expect(JSON.stringify({ ...tablet.storage })).not.toContain(pat.password)

    const user = await tablet.signIn(`  ${pat.email.toUpperCase()} `, pat.password)
    expect(user).toMatchObject({ id: pat.id, email: pat.email, firstName: 'Pat' })
    expect(storedUser(tablet.storage)?.id).toBe(pat.id)
    expect(isUnproven(pat.id, tablet.storage)).toBe(true)
    expect(JSON.stringify({ ...tablet.storage })).not.toContain(pat.password)
  })

  it('says the usual wrong-password words, then makes the next try wait, as the lock screen does', async () => {
    const pat = await server.createUser()
    const tablet = browser()
    await tablet.signIn(pat.email, pat.password)
    tablet.network.offline = true
    await signOut({ transport: tablet.transport, storage: tablet.storage })

    for (let attempt = 1; attempt <= 5; attempt++)
      expect(await refusal(tablet.signIn(pat.email, `wrong-${attempt}`))).toBe(messages.badLogin)
    // The fifth wrong try made the next wait a minute: even the right password is not checked.
    const wait = 'Too many failed sign-in attempts. Try again in 1 minute.'
    expect(await refusal(tablet.signIn(pat.email, pat.password))).toBe(wait)
    // The lock screen counts the same tries.
    const unlock = (password: string) =>
      unlockApp(pat, password, { transport: tablet.transport, storage: tablet.storage, now: tablet.now })
    expect(await refusal(unlock(pat.password))).toBe(wait)

    tablet.later(61_000)
    expect(await refusal(unlock('still-wrong'))).toBe('The password provided is incorrect.')
    // Each wrong try past the free ones doubles the wait.
    expect(await refusal(tablet.signIn(pat.email, pat.password))).toBe(
      'Too many failed sign-in attempts. Try again in 2 minutes.',
    )
    tablet.later(121_000)
    expect(await refusal(tablet.signIn(pat.email, pat.password))).toBe('accepted')
    // The right password cleared the count: a typo is free again.
    await signOut({ transport: tablet.transport, storage: tablet.storage })
    expect(await refusal(tablet.signIn(pat.email, 'typo'))).toBe(messages.badLogin)
    expect(await refusal(tablet.signIn(pat.email, pat.password))).toBe('accepted')
  })

  it('still needs the network for an email this device has not signed in', async () => {
    const pat = await server.createUser()
    const stranger = await server.createUser()
    const tablet = browser()
    await tablet.signIn(pat.email, pat.password)
    tablet.network.offline = true
    await signOut({ transport: tablet.transport, storage: tablet.storage })
    expect(await refusal(tablet.signIn(stranger.email, stranger.password))).toBe(
      'You are offline. Connect to the internet to sign in.',
    )
    expect(storedUser(tablet.storage)).toBeNull()
  })
})

describe('the session opened offline, once the server answers', () => {
  it('keeps the cookie a log out offline could not end, with no new sign-in', async () => {
    const pat = await server.createUser()
    const tablet = browser()
    await tablet.signIn(pat.email, pat.password)
    const cookie = tablet.jar.cookie
    tablet.network.offline = true
    await signOut({ transport: tablet.transport, storage: tablet.storage })
    const user = await tablet.signIn(pat.email, pat.password)
    expect(await renewSession(tablet.transport, user, tablet.storage)).toBe('offline')

    tablet.network.offline = false
    expect(await renewSession(tablet.transport, user, tablet.storage)).toBe('ok')
    expect(tablet.jar.cookie).toBe(cookie)
    expect(isUnproven(pat.id, tablet.storage)).toBe(false)
  })

  it("never sends one user's change under another's cookie: it signs in again first", async () => {
    const pat = await server.createUser({ firstName: 'Pat' })
    const sam = await server.createUser({ firstName: 'Sam' })
    const tablet = browser()
    // Pat used this tablet before; then Sam signed in, and logged out with no network (his cookie lives on).
    await tablet.signIn(pat.email, pat.password)
    await signOut({ transport: tablet.transport, storage: tablet.storage })
    await tablet.signIn(sam.email, sam.password)
    tablet.network.offline = true
    await signOut({ transport: tablet.transport, storage: tablet.storage })

    const user = await tablet.signIn(pat.email, pat.password)
    const db = new OutpostDb(`offline-sign-in-${crypto.randomUUID()}`)
    const gate = sessionGate(user, tablet.transport, tablet.storage)
    const engine = new SyncEngine({ db, transport: gate.transport, userId: user.id })
    await createRecord({ db, userId: user.id }, 'contacts', { firstName: 'Ada', lastName: 'Offline' })
    expect(await gate.runner(engine, engine.status).sync()).toBe('offline')
    expect(engine.status.get().activity).toBe('offline')

    tablet.network.offline = false
    expect(await gate.runner(engine, engine.status).sync()).toBe('ok')
    expect((await me(tablet.transport)).body.user?.id).toBe(pat.id)
    const found = await server.request(adminCookie, {
      method: 'GET',
      url: '/api/contacts?where[lastName][equals]=Offline',
    })
    const docs = found.json().docs as { firstName: string }[]
    expect(docs.map((doc) => doc.firstName)).toEqual(['Ada'])
    expect(await db.outbox.count()).toBe(0)
    db.close()
  })

  it('signs the device out at once when the password was changed on the server, sending nothing', async () => {
    const pat = await server.createUser()
    const tablet = browser()
    await tablet.signIn(pat.email, pat.password)
    tablet.network.offline = true
    await signOut({ transport: tablet.transport, storage: tablet.storage })
    const user = await tablet.signIn(pat.email, pat.password)
    const db = new OutpostDb(`offline-sign-in-${crypto.randomUUID()}`)
    const gate = sessionGate(user, tablet.transport, tablet.storage)
    const engine = new SyncEngine({ db, transport: gate.transport, userId: user.id })
    await createRecord({ db, userId: user.id }, 'contacts', { firstName: 'Never', lastName: 'Sent' })

    const changed = await server.request(adminCookie, {
      method: 'PATCH',
      url: `/api/users/${pat.id}`,
      payload: { password: 'a-new-password-42' },
    })
    expect(changed.statusCode).toBe(200)
    tablet.network.offline = false
    expect(await gate.runner(engine, engine.status).sync()).toBe('auth')
    expect(storedUser(tablet.storage)).toBeNull()
    expect(signInNotice(tablet.storage)).toBe(REFUSED_TEXT)
    // The change waits on the device, unsent.
    expect(await db.outbox.count()).toBe(1)
    const found = await server.request(adminCookie, {
      method: 'GET',
      url: '/api/contacts?where[lastName][equals]=Sent',
    })
    expect(found.json().docs).toEqual([])
    // The old password no longer opens this device offline.
    tablet.network.offline = true
    expect(await refusal(tablet.signIn(pat.email, pat.password))).toBe(
      'You are offline. Connect to the internet to sign in.',
    )
    // With the new one, online, the waiting change goes out.
    tablet.network.offline = false
    const again = await tablet.signIn(pat.email, 'a-new-password-42')
    expect(await new SyncEngine({ db, transport: tablet.transport, userId: again.id }).sync()).toBe('ok')
    expect(await db.outbox.count()).toBe(0)
    db.close()
  })

  it('signs the device out at once when the account was deleted on the server, sending nothing', async () => {
    const lee = await server.createUser()
    const tablet = browser()
    await tablet.signIn(lee.email, lee.password)
    tablet.network.offline = true
    await signOut({ transport: tablet.transport, storage: tablet.storage })
    const user = await tablet.signIn(lee.email, lee.password)
    const db = new OutpostDb(`offline-sign-in-${crypto.randomUUID()}`)
    const gate = sessionGate(user, tablet.transport, tablet.storage)
    const engine = new SyncEngine({ db, transport: gate.transport, userId: user.id })
    await createRecord({ db, userId: user.id }, 'contacts', { firstName: 'Never', lastName: 'Landed' })

    const deleted = await server.request(adminCookie, { method: 'DELETE', url: `/api/users/${lee.id}` })
    expect(deleted.statusCode).toBe(200)
    tablet.network.offline = false
    expect(await gate.runner(engine, engine.status).sync()).toBe('auth')
    expect(storedUser(tablet.storage)).toBeNull()
    expect(signInNotice(tablet.storage)).toBe(REFUSED_TEXT)
    const found = await server.request(adminCookie, {
      method: 'GET',
      url: '/api/contacts?where[lastName][equals]=Landed',
    })
    expect(found.json().docs).toEqual([])
    // The device no longer opens offline for that account.
    tablet.network.offline = true
    expect(await refusal(tablet.signIn(lee.email, lee.password))).toBe(
      'You are offline. Connect to the internet to sign in.',
    )
    db.close()
  })

  it('after a reload (the typed password gone), locks the app so the password is asked again', async () => {
    const pat = await server.createUser()
    const tablet = browser()
    await tablet.signIn(pat.email, pat.password)
    await tablet.signIn(pat.email, pat.password)
    tablet.network.offline = true
    await signOut({ transport: tablet.transport, storage: tablet.storage })
    // Someone signed out of the server meanwhile: the cookie is dead.
    await server.request(adminCookie, {
      method: 'PATCH',
      url: `/api/users/${pat.id}`,
      payload: { city: 'Ockham' },
    })
    tablet.jar.cookie = undefined
    const user = await tablet.signIn(pat.email, pat.password)

    vi.resetModules()
    const reloaded = await import('../../src/session/offline-session')
    tablet.network.offline = false
    expect(await reloaded.renewSession(tablet.transport, user, tablet.storage)).toBe('password')
    const gate = (await import('../../src/sync/session-gate')).sessionGate(
      user,
      tablet.transport,
      tablet.storage,
    )
    const db = new OutpostDb(`offline-sign-in-${crypto.randomUUID()}`)
    const engine = new SyncEngine({ db, transport: gate.transport, userId: user.id })
    expect(await gate.runner(engine, engine.status).sync()).toBe('auth')
    const lock = await import('../../src/session/lock')
    expect(lock.isLocked(pat.id, tablet.storage)).toBe(true)
    expect(storedUser(tablet.storage)?.id).toBe(pat.id)

    // The lock screen, online, signs in again: the session is proven and the app unlocked.
    const sign = await import('../../src/session/sign-in')
    await sign.unlockApp(user, pat.password, { transport: tablet.transport, storage: tablet.storage })
    expect(reloaded.isUnproven(pat.id, tablet.storage)).toBe(false)
    expect(isLocked(pat.id, tablet.storage)).toBe(false)
    expect((await me(tablet.transport)).body.user?.id).toBe(pat.id)
    db.close()
  })
})
