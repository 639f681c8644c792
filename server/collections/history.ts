/**
 * The record history's writes and reads (db/schema.ts, `recordHistory`): who
 * deleted, restored, unlinked or linked again which record, written in the
 * same transaction as the change itself.
 */
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { User } from '../../src/domain/rest'
import type { Db } from '../db/open'
import { type HistoryAction, type HistoryLink, recordHistory } from '../db/schema'
import type { Tx } from '../db/write'
import type { Row } from './docs'

/** Who made a change: the caller, as the history keeps them. */
export interface Actor {
  id: string
  name: string
}

export const actorOf = (user: User): Actor => ({
  id: user.id,
  name: `${user.firstName} ${user.lastName}`.trim() || user.email,
})

/** One row of history for each written record (`rows` as RETURNING gave them). */
export async function recordEvents(
  tx: Tx,
  collection: string,
  action: HistoryAction,
  actor: Actor,
  rows: Row[],
  links?: HistoryLink[],
) {
  if (rows.length === 0) return
  await tx.insert(recordHistory).values(
    rows.map((row) => ({
      collection,
      recordId: row.id as string,
      seq: row.seq as number,
      version: row.version as number,
      action,
      userId: actor.id,
      userName: actor.name,
      at: row.updatedAt as Date,
      links: links ?? null,
    })),
  )
}

/** The latest delete of each of `ids`: who, and what it unlinked. */
export async function lastDeletes(db: Db | Tx, collection: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, typeof recordHistory.$inferSelect>()
  const rows = await db
    .select()
    .from(recordHistory)
    .where(
      and(
        eq(recordHistory.collection, collection),
        inArray(recordHistory.recordId, ids),
        eq(recordHistory.action, 'deleted'),
      ),
    )
    .orderBy(desc(recordHistory.seq))
  const latest = new Map<string, (typeof rows)[number]>()
  for (const row of rows) if (!latest.has(row.recordId)) latest.set(row.recordId, row)
  return latest
}
