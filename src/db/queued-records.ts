/**
 * Which records of a collection have work in the outbox, and in what state, read from the outbox's
 * indexes alone: the list shows a mark beside each, and reads this again at every change of the
 * outbox. Reading the ops themselves cost the page every queued change's whole value each time: an
 * import of 10,000 contacts sent in batches changed the outbox 200 times, and the page cloned 10,000
 * ops each time while the sync worker's writes to the outbox waited behind its reads.
 */
import Dexie from 'dexie'
import type { MirroredName } from '../domain/collections'
import type { OutpostDb } from './database'
import type { OpStatus } from './outbox-types'

/** The outbox's own statuses that need the person's decision; the others only wait. */
const TROUBLED: OpStatus[] = ['failed', 'conflict']

export interface QueuedRecords {
  /** Every record of the collection with a queued op. */
  queued: Set<string>
  /** Of those, the ones with an op the server refused (failed) or that conflicts, by status. */
  troubled: Map<string, OpStatus[]>
}

export async function queuedRecords(db: OutpostDb, collection: MirroredName): Promise<QueuedRecords> {
  const [keys, troubledOps] = await Promise.all([
    db.outbox
      .where('[collection+recordId]')
      .between([collection, Dexie.minKey], [collection, Dexie.maxKey], true, true)
      .keys(),
    db.outbox.where('status').anyOf(TROUBLED).toArray(),
  ])
  const queued = new Set(keys.map((key) => (key as unknown as [string, string])[1]))
  const troubled = new Map<string, OpStatus[]>()
  for (const op of troubledOps)
    if (op.collection === collection)
      troubled.set(op.recordId, [...(troubled.get(op.recordId) ?? []), op.status])
  return { queued, troubled }
}

/**
 * How many changes wait in the outbox, counted on its `status` index, which every op is in: the
 * store's own count walks every queued change's whole value, an index's only its keys. The screens
 * that show it count again at every change of the outbox, and while an import is sent those counts
 * held the sync worker's writes back.
 */
/** How stale a live count of the outbox may be while it changes (paced-reads.ts). */
export const OUTBOX_PACE_MS = 1_000

export const queuedCount = (db: OutpostDb) => db.outbox.orderBy('status').count()

/** Changes refused or in conflict, plus the notices of records deleted by someone else: what needs a decision. */
export async function issueCount(db: OutpostDb): Promise<number> {
  const [changes, notices] = await Promise.all([
    db.outbox.where('status').anyOf(TROUBLED).count(),
    db.notices.count(),
  ])
  return changes + notices
}
