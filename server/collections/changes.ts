/**
 * The change feed: every write of every collection in `seq` order, tombstones
 * included, read in pages. See db/write.ts for why a reader never skips a
 * late commit, and maintenance.ts for the 410 below `purged_through`; a
 * cursor beyond the last seq ever issued is a 410 too (lastIssuedSeq).
 */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/open'
import { rowsOf } from '../db/rows'
import { syncMeta } from '../db/schema'
import { cursorAhead, resyncRequired } from '../refusals'
import { changeJson } from './doc-json'
import { serverCollections } from './registry'

export const DEFAULT_CHANGES_LIMIT = 500
export const MAX_CHANGES_LIMIT = 5000

/**
 * One page of the feed as the route sends it: `json` is the whole answer
 * (`ChangesResponse` in src/domain/rest.ts), built by the database.
 */
export interface FeedPage {
  json: string
  cursor: number
  hasMore: boolean
}

export async function purgedThrough(db: Db): Promise<number> {
  const [row] = await db.select().from(syncMeta).where(eq(syncMeta.id, 1))
  return row?.purgedThrough ?? 0
}

/**
 * One page of the feed. Every collection is read in ONE repeatable-read snapshot:
 * read on separate pooled connections, a write committing between two of the
 * reads could show its later seq (in one table) without its earlier one (in
 * another), and the cursor would move past a change never sent.
 */
export function readChanges(db: Db, since: number, limit: number): Promise<FeedPage> {
  return db.transaction((tx) => readPage(tx as unknown as Db, since, limit), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  })
}

/**
 * The next `limit` changes after `since` across every collection, in seq
 * order, joined into one JSON text by the database (doc-json.ts says why):
 * each collection's next `limit + 1`, merged, the first `limit + 1` kept,
 * enough to fill the page and to know if there is more.
 */
async function nextChanges(db: Db, since: number, limit: number) {
  const each = serverCollections.map(
    (collection) =>
      sql`(select ${collection.table.seq} as seq, ${changeJson(collection)} as change from ${collection.table} where ${collection.table.seq} > ${since} order by ${collection.table.seq} limit ${limit + 1})`,
  )
  const [row] = rowsOf(
    await db.execute(sql`
      with next as (
        select seq, change, row_number() over (order by seq) as n
        from (${sql.join(each, sql` union all `)}) changes
        order by seq limit ${limit + 1}
      )
      select string_agg(change, ',' order by seq) filter (where n <= ${limit}) as changes,
             (max(seq) filter (where n <= ${limit}))::text as last,
             count(*)::int as read
      from next`),
  )
  const read = Number(row?.read ?? 0)
  return {
    changes: (row?.changes as string | null) ?? '',
    last: row?.last == null ? since : Number(row.last),
    sent: Math.min(read, limit),
    hasMore: read > limit,
  }
}

async function readPage(db: Db, since: number, limit: number): Promise<FeedPage> {
  // A client that has seen nothing (0) may start anywhere; one that is behind the purge has missed tombstones.
  if (since > 0 && since < (await purgedThrough(db))) {
    throw resyncRequired()
  }
  // One beyond the head was never issued here (its state is another database's, e.g. before a restore):
  // echoed back, it would make the client skip every change up to it, silently.
  if (since > 0 && since > (await lastIssuedSeq(db))) {
    throw cursorAhead()
  }
  const { changes, last, sent, hasMore } = await nextChanges(db, since, limit)
  // A first download's progress bar: how many changes there are in all (once, on the read from 0).
  const total = since !== 0 ? '' : `,"total":${hasMore ? await countAll(db) : sent}`
  return {
    json: `{"changes":[${changes}],"cursor":"${last}","hasMore":${hasMore}${total}}`,
    cursor: last,
    hasMore,
  }
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

/**
 * Every row of every collection, in one statement. Inside the feed's transaction the queries share
 * one connection, so asked at once they only queued (and node-postgres 8 warns that it will refuse
 * a query sent while another runs).
 */
async function countAll(db: Db): Promise<number> {
  const each = serverCollections.map(({ table }) => sql`(select count(*) from ${table})`)
  const [row] = rowsOf(await db.execute(sql`select (${sql.join(each, sql` + `)})::int as n`))
  return Number(row?.n ?? 0)
}
