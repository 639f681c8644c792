/**
 * The record history's writes and reads (db/schema.ts, `recordHistory`): who
 * deleted, restored, unlinked or linked again which record, written in the
 * same transaction as the change itself.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm'
import type { HistoryEntry } from '../../src/domain/history'
import type { ListResponse, User } from '../../src/domain/rest'
import type { Db } from '../db/open'
import { insertRows } from '../db/recordset'
import { type FieldChanges, type HistoryAction, type HistoryLink, recordHistory } from '../db/schema'
import type { Tx } from '../db/write'
import { notFound } from '../refusals'
import { iso, type Row } from './docs'
import { pageInfo } from './list'
import { pagingOnly } from './list-params'
import type { ServerCollection, ServerField } from './registry'

/** Who made a change: the caller, as the history keeps them, and the device's time for it when it said. */
export interface Actor {
  /** null for the server's own writes (the sample records). */
  id: string | null
  name: string
  madeAt?: Date
}

export const actorOf = (user: User, madeAt?: Date): Actor => ({
  id: user.id,
  name: `${user.firstName} ${user.lastName}`.trim() || user.email,
  ...(madeAt && { madeAt }),
})

/** Who the history names for the sample records the server writes at its first start. */
export const SAMPLE_DATA: Actor = { id: null, name: 'Outpost (sample data)' }

/** A field's value as the history keeps it: text as it is, a relation or image by its id, rich text as its words. */
function historyValue(field: ServerField, row: Row): unknown {
  const value = field.plainTextKey ? row[field.plainTextKey] : row[field.key]
  return value === undefined || value === '' ? null : value
}

/** The fields whose value differs between two rows of `collection` (no row before: a create). */
export function fieldChanges(
  collection: ServerCollection,
  before: Row | undefined,
  after: Row,
): FieldChanges {
  const changes: FieldChanges = {}
  for (const field of collection.fields) {
    const from = before ? historyValue(field, before) : null
    const to = historyValue(field, after)
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field.name] = { from, to }
  }
  return changes
}

/** One row of history for each written record (`rows` as RETURNING gave them). */
export async function recordEvents(
  tx: Tx,
  collection: string,
  action: HistoryAction,
  actor: Actor,
  rows: Row[],
  more: { links?: HistoryLink[]; changes?: FieldChanges } = {},
) {
  await recordEach(
    tx,
    collection,
    action,
    rows.map((row) => ({ row, actor, ...more })),
  )
}

/** One statement for many rows' events, each with its own actor and changes (a batch's creates). */
export async function recordEach(
  tx: Tx,
  collection: string,
  action: HistoryAction,
  events: { row: Row; actor: Actor; links?: HistoryLink[]; changes?: FieldChanges }[],
) {
  if (events.length === 0) return
  await insertRows(
    tx,
    recordHistory,
    events.map(({ row, actor, links, changes }) => ({
      collection,
      recordId: row.id as string,
      seq: row.seq as number,
      version: row.version as number,
      action,
      userId: actor.id,
      userName: actor.name,
      at: row.updatedAt as Date,
      madeAt: actor.madeAt ?? null,
      changes: changes ?? null,
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

/**
 * A record's history, the latest change first, a page at a time (`page`, `limit` as for a list).
 * 404 when this collection never had the record (a deleted one still has its history).
 */
export async function readHistory(
  db: Db,
  collection: ServerCollection,
  id: string,
  query: Record<string, unknown>,
): Promise<ListResponse<HistoryEntry>> {
  const { page, limit } = pagingOnly(query)
  const [known] = await db
    .select({ id: collection.table.id })
    .from(collection.table)
    .where(eq(collection.table.id, id))
  if (!known) throw notFound()
  const ofRecord = and(eq(recordHistory.collection, collection.name), eq(recordHistory.recordId, id))
  const [{ total = 0 } = {}] = await db.select({ total: count() }).from(recordHistory).where(ofRecord)
  const rows = await db
    .select()
    .from(recordHistory)
    .where(ofRecord)
    .orderBy(desc(recordHistory.seq), desc(recordHistory.id))
    .limit(limit)
    .offset((page - 1) * limit)
  const docs = rows.map((row) => ({
    action: row.action,
    version: row.version,
    at: iso(row.at),
    madeAt: row.madeAt ? iso(row.madeAt) : null,
    by: row.userName,
    changes: row.changes,
  }))
  return { docs, ...pageInfo(total, page, limit) }
}
