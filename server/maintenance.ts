/**
 * Housekeeping, run by main.ts once the server listens and then daily: purge
 * old tombstones (moving `purged_through` so stale cursors resync), old
 * idempotency keys, idle sessions and finished sign-in failure windows, and
 * on PGlite vacuum the tables that changed enough (db/vacuum.ts).
 */
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm'
import { purgeDeadSessions, type SessionPolicy } from './auth/sessions'
import { purgeThrottles } from './auth/throttle'
import { serverCollections } from './collections/registry'
import type { Db } from './db/open'
import { liftBudget } from './db/query-budget'
import { idempotencyKeys, recordHistory, syncMeta } from './db/schema'
import { vacuumChangedTables } from './db/vacuum'
import { withWriteLock } from './db/write'

const DAY_MS = 86_400_000
/** Longer than any offline period we expect a client to replay after. */
export const IDEMPOTENCY_KEY_DAYS = 30

/** Deletes tombstones older than `days`; returns how many. */
export async function purgeTombstones(db: Db, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS)
  // Under the write lock: purged_through must never pass a seq a reader has not been able to see.
  return withWriteLock(db, async (tx) => {
    // Deleting every tombstone of a mass delete may take longer than a request's query is allowed to.
    await liftBudget(tx)
    let purged = 0
    let highest = 0
    for (const { name, table } of serverCollections) {
      const rows = (await tx
        .delete(table)
        .where(and(isNotNull(table.deletedAt), lt(table.deletedAt, cutoff)))
        .returning({ id: table.id, seq: table.seq })) as { id: string; seq: number }[]
      // A purged record's history goes with it: nothing is left to show it beside.
      for (let start = 0; start < rows.length; start += 1000) {
        const ids = rows.slice(start, start + 1000).map((row) => row.id)
        await tx
          .delete(recordHistory)
          .where(and(eq(recordHistory.collection, name), inArray(recordHistory.recordId, ids)))
      }
      purged += rows.length
      for (const row of rows) highest = Math.max(highest, row.seq)
    }
    if (highest > 0) {
      await tx.update(syncMeta).set({ purgedThrough: sql`greatest(${syncMeta.purgedThrough}, ${highest})` })
    }
    return purged
  })
}

export async function runMaintenance(db: Db, options: { tombstoneDays: number; sessions: SessionPolicy }) {
  const tombstones = await purgeTombstones(db, options.tombstoneDays)
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_KEY_DAYS * DAY_MS)))
  await purgeDeadSessions(db, options.sessions)
  await purgeThrottles(db)
  const vacuumed = await vacuumChangedTables(
    db,
    serverCollections.map(({ table }) => table),
    { everyTable: tombstones > 0 },
  )
  return { tombstones, vacuumed }
}
