/**
 * A session ends SESSION_MAX_DAYS after its sign-in however often it is used
 * (auth/sessions.ts), and its cookie never outlives it.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { forgetSessions } from '../../../server/auth/session-cache'
import { secondsLeft } from '../../../server/auth/sessions'
import { sessions } from '../../../server/db/schema'
import { runMaintenance } from '../../../server/maintenance'
import { startTestServer, type TestServer } from '../helpers'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ sessionIdleDays: 14, sessionMaxDays: 30 })
})
afterAll(() => server?.close())

const DAY = 86_400
const maxAgeOf = (setCookie: string | string[] | undefined) =>
  Number(/Max-Age=(\d+)/i.exec(String(setCookie))?.[1])

/** Moves a user's session back in time, behind the server's back (it caches only what it changes itself). */
async function age(userId: string, signedInDaysAgo: number, lastUsedDaysAgo: number) {
  await server.db
    .update(sessions)
    .set({
      createdAt: sql`now() - ${signedInDaysAgo} * interval '1 day'`,
      lastSeenAt: sql`now() - ${lastUsedDaysAgo} * interval '1 day'`,
    })
    .where(eq(sessions.userId, userId))
  forgetSessions()
}

describe('the absolute session lifetime', () => {
  it('a session used every day still ends 30 days after its sign-in', async () => {
    const { user, cookie } = await server.signIn()
    const me = async () => (await server.request(cookie, { method: 'GET', url: '/api/users/me' })).json()
    await age(user.id, 29, 0)
    expect((await me()).user?.id).toBe(user.id)
    await age(user.id, 30.01, 0)
    expect(await me()).toEqual({ user: null })
    expect((await server.request(cookie, { method: 'GET', url: '/api/contacts' })).statusCode).toBe(401)
  })

  it("the cookie lasts the idle window at sign-in, and never past the session's last day", async () => {
    const user = await server.createUser()
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: user.password },
    })
    expect(maxAgeOf(login.headers['set-cookie'])).toBe(14 * DAY)
    expect(login.json().exp - Date.now() / 1000).toBeCloseTo(14 * DAY, -1)

    const cookie = String(login.headers['set-cookie']).split(';')[0] as string
    // Used again after a while, late in its life: the refreshed cookie ends with the session, not 14 days on.
    await age(user.id, 29.5, 0.01)
    const used = await server.request(cookie, { method: 'GET', url: '/api/contacts' })
    expect(used.statusCode).toBe(200)
    const maxAge = maxAgeOf(used.headers['set-cookie'])
    expect(maxAge).toBeGreaterThan(0.45 * DAY)
    expect(maxAge).toBeLessThanOrEqual(0.5 * DAY)
  })

  it('a new session is given its whole idle window, however the clock ticks while it is reckoned', () => {
    // A clock that moves a millisecond on every reading: a reckoning that read it twice lost a second (CI, stop 43).
    let now = Date.UTC(2026, 11, 2, 12, 0, 0, 999)
    vi.spyOn(Date, 'now').mockImplementation(() => now++)
    onTestFinished(() => {
      vi.restoreAllMocks()
    })
    expect(secondsLeft({ idleDays: 14, maxDays: 30 })).toBe(14 * DAY)
    expect(secondsLeft({ idleDays: 14, maxDays: 30 }, new Date(now - 29.5 * DAY * 1000))).toBe(0.5 * DAY)
  })

  it('housekeeping deletes sessions past their last day', async () => {
    const { user } = await server.signIn()
    await age(user.id, 31, 0)
    await runMaintenance(server.db, { tombstoneDays: 90, sessions: { idleDays: 14, maxDays: 30 } })
    const left = await server.db.select().from(sessions).where(eq(sessions.userId, user.id))
    expect(left).toEqual([])
  })
})
