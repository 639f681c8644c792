/**
 * Per-account sign-in limit: after `maxFailures` failed attempts for an email
 * within `windowMs`, further attempts for that email are refused (429) until
 * the window ends; a successful sign-in clears the count. Counted in the
 * database so every server process enforces the same limit, and for unknown
 * emails too, so the answer tells nobody which accounts exist.
 *
 * Each attempt claims its slot BEFORE the password is checked, in one atomic
 * upsert: concurrent guesses cannot slip past the limit between a read and a write.
 */
import { lt, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { loginFailures } from '../db/schema'

export interface LockoutPolicy {
  maxFailures: number
  windowMs: number
}

export const DEFAULT_LOCKOUT: LockoutPolicy = { maxFailures: 5, windowMs: 15 * 60_000 }

/** Claims an attempt; answers the seconds left when the account is locked, else undefined. */
export async function claimAttempt(
  db: Db,
  email: string,
  policy: LockoutPolicy,
): Promise<number | undefined> {
  const expired = sql`${loginFailures.windowStart} < now() - ${policy.windowMs} * interval '1 millisecond'`
  const [row] = await db
    .insert(loginFailures)
    .values({ email, failures: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: loginFailures.email,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${loginFailures.windowStart} end`,
      },
    })
    .returning({
      failures: loginFailures.failures,
      // Seconds until the window ends, by the database's clock (the one every process shares).
      left: sql<number>`ceil(extract(epoch from ${loginFailures.windowStart} + ${policy.windowMs} * interval '1 millisecond' - now()))`.mapWith(
        Number,
      ),
    })
  if (!row || row.failures <= policy.maxFailures) return undefined
  return Math.max(1, row.left)
}

/** A successful sign-in: the account starts afresh. */
export async function clearFailures(db: Db, email: string) {
  await db.delete(loginFailures).where(sql`${loginFailures.email} = ${email}`)
}

/** Housekeeping: windows long over. */
export async function purgeLoginFailures(db: Db, policy: LockoutPolicy = DEFAULT_LOCKOUT) {
  await db.delete(loginFailures).where(lt(loginFailures.windowStart, new Date(Date.now() - policy.windowMs)))
}
