/**
 * Cookie sessions. The browser holds a random 32-byte token; the database holds
 * only its SHA-256, so reading the table does not let anyone sign in. Sessions
 * expire after SESSION_IDLE_DAYS without use and are refreshed as they are used;
 * they end on logout, on a password change and with their user.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm'
import type { User } from '../../src/domain/rest'
import type { Db } from '../db/open'
import { sessions, users } from '../db/schema'
import { roleOf } from '../users/store'
import { cachedSession, forgetSessions, rememberSession, sessionGeneration } from './session-cache'

export const SESSION_COOKIE = 'outpost_session'
/** Touch last_seen_at at most this often: one write per minute per active client, not per request. */
export const TOUCH_INTERVAL_MS = 60_000
const DAY_MS = 86_400_000

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export async function createSession(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId })
  return token
}

export interface ActiveSession {
  tokenHash: string
  lastSeenAt: Date
  /** Who is asking, and their role: all that deciding needs (users/me reads the full profile). */
  user: User
}

/**
 * Every /api request runs this, so it is one small statement built once per
 * database: drizzle's query building costs about as much as PGlite's
 * execution of it, and every extra column or join adds to each request.
 */
function prepareLookup(db: Db) {
  const current = and(
    eq(sessions.tokenHash, sql.placeholder('hash')),
    gt(sessions.lastSeenAt, sql.placeholder('since')),
  )
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      roleId: users.roleId,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(current)
    .prepare('outpost_session_lookup')
}
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>()

export async function findSession(
  db: Db,
  token: string,
  idleDays: number,
): Promise<ActiveSession | undefined> {
  const tokenHash = hashToken(token)
  const since = Date.now() - idleDays * DAY_MS
  const known = cachedSession(db, tokenHash)
  if (known) return known.lastSeenAt.getTime() > since ? known : undefined
  let lookup = lookups.get(db)
  if (!lookup) {
    lookup = prepareLookup(db)
    lookups.set(db, lookup)
  }
  const readAt = sessionGeneration()
  const [row] = await lookup.execute({ hash: tokenHash, since: new Date(since) })
  if (!row) return undefined
  const { lastSeenAt, roleId, ...user } = row
  const session = { tokenHash, lastSeenAt: new Date(lastSeenAt), user: { ...user, role: roleOf(roleId) } }
  rememberSession(db, session, readAt)
  return session
}

export async function touchSession(db: Db, session: ActiveSession) {
  const lastSeenAt = new Date()
  const readAt = sessionGeneration()
  await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.tokenHash, session.tokenHash))
  rememberSession(db, { ...session, lastSeenAt }, readAt)
}

export async function deleteSession(db: Db, token: string) {
  forgetSessions()
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)))
}

/** Ends a user's sessions, all of them or all but the one that made the change. */
export async function endSessionsOf(db: Db, userId: string, keepToken?: string | null) {
  forgetSessions()
  const keep = keepToken ? ne(sessions.tokenHash, hashToken(keepToken)) : undefined
  await db.delete(sessions).where(and(eq(sessions.userId, userId), keep))
}

export async function purgeIdleSessions(db: Db, idleDays: number) {
  forgetSessions()
  await db.delete(sessions).where(lt(sessions.lastSeenAt, new Date(Date.now() - idleDays * DAY_MS)))
}
