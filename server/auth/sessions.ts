/**
 * Cookie sessions. The browser holds a random 32-byte token; the database holds
 * only its SHA-256, so reading the table does not let anyone sign in. Sessions
 * expire after SESSION_IDLE_DAYS without use and are refreshed as they are used.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, lt } from 'drizzle-orm'
import type { User } from '../../src/domain/api'
import type { Db } from '../db/open'
import { roles, sessions, users } from '../db/schema'
import { toApiUser } from './users'

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
  user: User
}

export async function findSession(
  db: Db,
  token: string,
  idleDays: number,
): Promise<ActiveSession | undefined> {
  const tokenHash = hashToken(token)
  const [row] = await db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      roleId: roles.id,
      roleName: roles.roleName,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.lastSeenAt, new Date(Date.now() - idleDays * DAY_MS)),
      ),
    )
  return row ? { tokenHash, lastSeenAt: row.lastSeenAt, user: toApiUser(row) } : undefined
}

export async function touchSession(db: Db, tokenHash: string) {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.tokenHash, tokenHash))
}

export async function deleteSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)))
}

export async function purgeIdleSessions(db: Db, idleDays: number) {
  await db.delete(sessions).where(lt(sessions.lastSeenAt, new Date(Date.now() - idleDays * DAY_MS)))
}
