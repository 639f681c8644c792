/**
 * The change feed: every write of every collection in `seq` order, tombstones
 * included, read in pages. See db/write.ts for why a reader never skips a
 * late commit, and maintenance.ts for the 410 below `purged_through`; a
 * cursor beyond the last seq ever issued is a 410 too (lastIssuedSeq).
 */
import { asc, count, eq, gt, sql } from 'drizzle-orm'
import type { Change, ChangesResponse } from '../../src/domain/rest'
import type { Db } from '../db/open'
import { syncMeta } from '../db/schema'
import { cursorAhead, resyncRequired } from '../http/errors'
import { docJson } from './doc-json'
import { type ServerCollection, serverCollections } from './registry'

export const DEFAULT_CHANGES_LIMIT = 500
export const MAX_CHANGES_LIMIT = 5000

export async function purgedThrough(db: Db): Promise<number> {
  const [row] = await db.select().from(syncMeta).where(eq(syncMeta.id, 1))
  return row?.purgedThrough ?? 0
}

/** A collection's next `limit` changes after `since`, each doc built by the database (doc-json.ts). */
async function changesOf(
  db: Db,
  collection: ServerCollection,
  since: number,
  limit: number,
): Promise<Change[]> {
  const { table } = collection
  const rows = await db
    .select({ id: table.id, version: table.version, seq: table.seq, doc: docJson(collection) })
    .from(table)
    .where(gt(table.seq, since))
    .orderBy(asc(table.seq))
    .limit(limit)
  return rows.map((row) => {
    const doc = row.doc as string | null
    return {
      collection: collection.name,
      id: row.id as string,
      version: row.version as number,
      seq: row.seq as number,
      deleted: doc === null,
      doc: doc === null ? null : (JSON.parse(doc) as Change['doc']),
    }
  })
}

/**
 * One page of the feed. Every collection is read in ONE repeatable-read snapshot:
 * read on separate pooled connections, a write committing between two of the
 * reads could show its later seq (in one table) without its earlier one (in
 * another), and the cursor would move past a change never sent.
 */
export function readChanges(db: Db, since: number, limit: number): Promise<ChangesResponse> {
  return db.transaction((tx) => readPage(tx as unknown as Db, since, limit), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  })
}

async function readPage(db: Db, since: number, limit: number): Promise<ChangesResponse> {
  // A client that has seen nothing (0) may start anywhere; one that is behind the purge has missed tombstones.
  if (since > 0 && since < (await purgedThrough(db))) {
    throw resyncRequired()
  }
  // One beyond the head was never issued here (its state is another database's, e.g. before a restore):
  // echoed back, it would make the client skip every change up to it, silently.
  if (since > 0 && since > (await lastIssuedSeq(db))) {
    throw cursorAhead()
  }
  // Each collection's next `limit + 1` rows, merged: enough to fill the page and to know if there is more.
  const perCollection = await Promise.all(
    serverCollections.map((collection) => changesOf(db, collection, since, limit + 1)),
  )
  const merged = perCollection.flat().sort((a, b) => a.seq - b.seq)
  const changes = merged.slice(0, limit)
  const last = changes.at(-1)
  const page: ChangesResponse = {
    changes,
    cursor: String(last ? last.seq : since),
    hasMore: merged.length > limit,
  }
  // A first download's progress bar: how many changes there are in all (once, on the read from 0).
  if (since === 0 && page.hasMore) page.total = await countAll(db)
  else if (since === 0) page.total = changes.length
  return page
}

/**
 * The last seq this database ever issued (0 before the first write), whether or not its
 * write committed. A sequence is not part of the snapshot: read now, it can only be at
 * or past every seq the snapshot shows, so no cursor the feed ever gave out is beyond it.
 * Never used, it holds its start value (1) with is_called false: nothing issued yet.
 */
async function lastIssuedSeq(db: Db): Promise<number> {
  const [row] = await db
    .select({
      seq: sql<number>`case when is_called then last_value else last_value - 1 end`.mapWith(Number),
    })
    .from(sql`write_seq`)
  return row?.seq ?? 0
}

async function countAll(db: Db): Promise<number> {
  const counts = await Promise.all(
    serverCollections.map(async ({ table }) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0),
  )
  return counts.reduce((sum, n) => sum + n, 0)
}
