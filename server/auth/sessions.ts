/**
 * Cookie sessions. The browser holds a random 32-byte token; the database holds
 * only its SHA-256, so reading the table does not let anyone sign in. Sessions
 * expire after SESSION_IDLE_DAYS without use and are refreshed as they are used,
 * but never live past SESSION_MAX_DAYS from their sign-in, however often used
 * (a stolen cookie does not last for ever); they end on logout, on a password
 * change and with their user.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm'
import type { User } from '../../src/domain/rest'
import { roleOf } from '../../src/domain/user'
import type { Db } from '../db/open'
import { rowsOf } from '../db/rows'
import { sessions, users } from '../db/schema'
import {
  type ActiveSession,
  cachedSession,
  forgetSessions,
  rememberSession,
  sessionGeneration,
} from './session-cache'

export const SESSION_COOKIE = 'outpost_session'
/** Touch last_seen_at at most this often: one write per minute per active client, not per request. */
export const TOUCH_INTERVAL_MS = 60_000
const DAY_MS = 86_400_000

/** How long a session lives: unused, and at most from its sign-in. */
export interface SessionPolicy {
  idleDays: number
  maxDays: number
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleDays: 14, maxDays: 30 }

/** Seconds a session (or a new one, without `createdAt`) may still live if it stays in use. */
export function secondsLeft(policy: SessionPolicy, createdAt = new Date()) {
  // One reading of the clock: read twice, a millisecond's tick between them took a second off a new session's cookie.
  const now = Date.now()
  const end = Math.min(now + policy.idleDays * DAY_MS, createdAt.getTime() + policy.maxDays * DAY_MS)
  return Math.max(0, Math.floor((end - now) / 1000))
}

/** The oldest last use and the oldest sign-in a live session may have, now. */
const liveSince = (policy: SessionPolicy) => ({
  since: new Date(Date.now() - policy.idleDays * DAY_MS),
  bornSince: new Date(Date.now() - policy.maxDays * DAY_MS),
})

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export async function createSession(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId })
  return token
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
    gt(sessions.createdAt, sql.placeholder('bornSince')),
  )
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      roleId: users.roleId,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(current)
    .prepare('outpost_session_lookup')
}
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>()

const isLive = (session: ActiveSession, policy: SessionPolicy) => {
  const { since, bornSince } = liveSince(policy)
  return session.lastSeenAt > since && session.createdAt > bornSince
}

export async function findSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
): Promise<ActiveSession | undefined> {
  const tokenHash = hashToken(token)
  const known = cachedSession(db, tokenHash)
  if (known) return isLive(known, policy) ? known : undefined
  let lookup = lookups.get(db)
  if (!lookup) {
    lookup = prepareLookup(db)
    lookups.set(db, lookup)
  }
  const readAt = sessionGeneration()
  const [row] = await lookup.execute({ hash: tokenHash, ...liveSince(policy) })
  if (!row) return undefined
  const session = sessionOf(tokenHash, row)
  rememberSession(db, session, readAt)
  return session
}

interface SessionRow extends Omit<User, 'role'> {
  roleId: string | null
  createdAt: Date | string
  lastSeenAt: Date | string
}

const sessionOf = (tokenHash: string, { createdAt, lastSeenAt, roleId, ...user }: SessionRow) => ({
  tokenHash,
  createdAt: new Date(createdAt),
  lastSeenAt: new Date(lastSeenAt),
  user: { ...user, role: roleOf(roleId) },
})

/** Who a session belongs to, and their role, as it stands now. */
export interface SessionHolder {
  userId: string
  roleId: string | null
}

/**
 * The session as it stands inside a write's transaction, under the write lock
 * (http/access.ts's confirmAccess): not the cache's copy, unless this process
 * is the database's only client (then the cache is exact, session-cache.ts).
 * Every write on PostgreSQL runs it, so it is one plain statement reading two
 * columns: drizzle's query builder doubled its cost (0.6 ms against 0.25 ms
 * a write, measured on this project's 2-core host).
 */
export async function sessionHolderNow(
  db: Db,
  tx: Db,
  tokenHash: string,
  policy: SessionPolicy,
): Promise<SessionHolder | undefined> {
  const known = cachedSession(db, tokenHash)
  if (known) return isLive(known, policy) ? { userId: known.user.id, roleId: known.user.role.id } : undefined
  const { since, bornSince } = liveSince(policy)
  const [row] = rowsOf(
    await tx.execute(
      sql`select s.user_id as "userId", u.role_id as "roleId" from sessions s join users u on u.id = s.user_id
          where s.token_hash = ${tokenHash} and s.last_seen_at > ${since.toISOString()}
            and s.created_at > ${bornSince.toISOString()}`,
    ),
  )
  return row as SessionHolder | undefined
}

/** Which of these sessions (by token hash) are live now: one statement for every open feed stream. */
export async function liveSessions(
  db: Db,
  tokenHashes: string[],
  policy: SessionPolicy,
): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set()
  const { since, bornSince } = liveSince(policy)
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(
      and(
        inArray(sessions.tokenHash, tokenHashes),
        gt(sessions.lastSeenAt, since),
        gt(sessions.createdAt, bornSince),
      ),
    )
  return new Set(rows.map((row) => row.tokenHash))
}

export async function touchSession(db: Db, session: ActiveSession) {
  const lastSeenAt = new Date()
  const readAt = sessionGeneration()
  await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.tokenHash, session.tokenHash))
  rememberSession(db, { ...session, lastSeenAt }, readAt)
}

/**
 * Forgets the cached sessions before a change to them and again after it: a
 * lookup that began between the first forget and the change (it may still
 * read the row the change removes) must not keep what it read.
 */
async function changingSessions(change: () => Promise<unknown>) {
  forgetSessions()
  await change()
  forgetSessions()
}

export async function deleteSession(db: Db, token: string) {
  await changingSessions(() => db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token))))
}

/** Ends a user's sessions, all of them or all but the one that made the change. */
export async function endSessionsOf(db: Db, userId: string, keepToken?: string | null) {
  const keep = keepToken ? ne(sessions.tokenHash, hashToken(keepToken)) : undefined
  await changingSessions(() => db.delete(sessions).where(and(eq(sessions.userId, userId), keep)))
}

/** Housekeeping: sessions unused too long, or signed in too long ago. */
export async function purgeDeadSessions(db: Db, policy: SessionPolicy) {
  const { since, bornSince } = liveSince(policy)
  await changingSessions(() =>
    db.delete(sessions).where(or(lt(sessions.lastSeenAt, since), lt(sessions.createdAt, bornSince))),
  )
}
