/**
 * Fixed-window counters in the database (the `throttles` table), shared by
 * every server process. A hit is claimed BEFORE the work it limits, in one
 * atomic upsert per batch of keys: concurrent attempts cannot slip past a
 * limit between a read and a write, and the clock is the database's, the one
 * every process shares.
 */
import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { throttles } from '../db/schema'

export interface Window {
  /** Hits allowed in one window. */
  max: number
  windowMs: number
}

export interface Counter {
  key: string
  window: Window
  /** The email this counter limits, so that unlocking the account clears it. */
  account?: string
}

export interface Count {
  counter: Counter
  /** Hits in the current window, this one included. */
  hits: number
  /** Seconds until its window ends. */
  wait: number
}

/** Counts one hit on each counter; answers each one's count in its window. */
export async function hit(db: Db, counters: Counter[]): Promise<Count[]> {
  if (counters.length === 0) return []
  const expired = sql`${throttles.windowStart} < now() - ${throttles.windowMs} * interval '1 millisecond'`
  const rows = await db
    .insert(throttles)
    .values(
      counters.map(({ key, window, account }) => ({
        key,
        account: account ?? null,
        hits: 1,
        windowStart: sql`now()`,
        windowMs: window.windowMs,
      })),
    )
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${throttles.hits} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${throttles.windowStart} end`,
        windowMs: sql`excluded.window_ms`,
      },
    })
    .returning({
      key: throttles.key,
      hits: throttles.hits,
      left: sql<number>`ceil(extract(epoch from ${throttles.windowStart} + ${throttles.windowMs} * interval '1 millisecond' - now()))`.mapWith(
        Number,
      ),
    })
  return counters.flatMap((counter) => {
    const row = rows.find((r) => r.key === counter.key)
    return row ? [{ counter, hits: row.hits, wait: Math.max(1, row.left) }] : []
  })
}

/** The counts over their counter's max: the reasons to refuse. */
export const overMax = (counts: Count[]) => counts.filter((count) => count.hits > count.counter.window.max)

/** Gives back one hit a counter took up front (an attempt that turned out right). */
export async function unhit(db: Db, key: string) {
  await db
    .update(throttles)
    .set({ hits: sql`greatest(${throttles.hits} - 1, 0)` })
    .where(eq(throttles.key, key))
}

/** Starts the given counters afresh (a successful sign-in). */
export async function reset(db: Db, keys: string[]) {
  if (keys.length) await db.delete(throttles).where(inArray(throttles.key, keys))
}

/** Clears every counter that limits an account, from every address. */
export async function resetAccount(db: Db, account: string) {
  await db.delete(throttles).where(eq(throttles.account, account))
}

/** Housekeeping: windows long over. */
export async function purgeThrottles(db: Db) {
  await db
    .delete(throttles)
    .where(sql`${throttles.windowStart} < now() - ${throttles.windowMs} * interval '1 millisecond'`)
}
