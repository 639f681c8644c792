/**
 * Exact list counts, plain lists' and searches' alike, remembered until the
 * table is next written, or carried across this process's own writes
 * (follow-writes.ts).
 *
 * A list page answers an exact `totalDocs`, and counting 100,000 rows costs
 * far more than reading the page (17–90 ms against ~1 ms at 100,000
 * contacts). A collection's counts depend only on its own rows (`where`
 * compares only the table's columns), and every write to a row stamps it with
 * the next `write_seq` (db/write.ts), so a count stays exact for as long as
 * the table's "head" has not moved:
 *
 *   head = greatest(max(seq) of the table, sync_meta.purged_through)
 *
 * Writes are serialised and take their seq under the lock, so a write is
 * either visible in a snapshot or has a seq above that snapshot's max: once it
 * commits, the head moves. The purge of old tombstones lowers max(seq) but
 * moves purged_through to at least the seq it removed, so the head never
 * returns to a value it had before a write (and removing tombstones changes
 * no count of live rows). The head is read in the same statement as the page
 * or the count, so it belongs to the same snapshot; it is one backward step
 * in the table's unique seq index.
 *
 * The database decides every time, so this holds across server processes on
 * one PostgreSQL: another process's write moves the head this one reads.
 */
import { count, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/open'
import { syncMeta } from '../db/schema'
import { memoryPerDb, setRecent } from './memory'
import { writesSince } from './write-log'

/** The table's head (see above), as a SQL expression for a select list. */
export const headOf = (table: PgTable, seq: PgColumn) =>
  sql<number>`greatest((select max(${seq}) from ${table}), (select ${syncMeta.purgedThrough} from ${syncMeta}), 0)`.mapWith(
    Number,
  )

/** The table's head now, in a statement of its own that reads nothing else. */
export async function headNow(db: Db, table: PgTable, seq: PgColumn) {
  const [now] = await db.select({ head: headOf(table, seq) }).from(syncMeta)
  return now?.head
}

interface Counted {
  total: number
  head: number
  /** What was counted: a write follows it (follow-writes.ts). */
  query: CountQuery
  /** Searches: the smallest offset whose page the sort-order prefix did not hold (list.ts), at this head. */
  prefixMissedFrom?: number
  /** …and the smallest whose page a walk from its own first match did not hold (the matches thin out after it). */
  seekMissedFrom?: number
}

/** Enough for every list and search a team has open; the oldest is forgotten first. */
const MAX_REMEMBERED = 500

const memoryOf = memoryPerDb<Counted>()

export interface CountQuery {
  table: PgTable
  seq: PgColumn
  filter: SQL | undefined
}

const countStatement = (db: Db, { table, seq, filter }: CountQuery) =>
  db
    .select({ n: count(), head: headOf(table, seq) })
    .from(table)
    .where(filter)

/** The statement's text and parameters: two requests with the same filter share a count. */
export function countKey(db: Db, query: CountQuery): string {
  const { sql: text, params } = countStatement(db, query).toSQL()
  return `${text}\u0000${JSON.stringify(params)}`
}

export const isRemembered = (db: Db, key: string) => memoryOf(db).has(key)

/** What is remembered for this key, whatever the head (the caller compares it with its snapshot's). */
export const rememberedEntry = (db: Db, key: string): Readonly<Counted> | undefined => memoryOf(db).get(key)

/**
 * A count read elsewhere (a search's page carries it, with the head of its snapshot), carried through
 * the writes this process has followed since that snapshot (write-log.ts). A count of an older head
 * than the one remembered is dropped.
 */
export function remember(db: Db, key: string, query: CountQuery, total: number, head: number) {
  const memory = memoryOf(db)
  const before = memory.get(key)
  let counted = { total, head, query }
  for (const write of writesSince(db, query.table, head)) {
    const change = write.counts.get(key)
    if (change === undefined) break
    counted = { total: counted.total + change, head: write.to, query }
  }
  if (before && before.head > counted.head) return
  // The same snapshot again keeps what was learnt of it (where its prefix misses): forgetting that sent
  // every repeat of a search through a walk that was known to miss, then the whole search.
  const same = before && before.head === counted.head && before.total === counted.total
  setRecent(memory, key, same ? before : counted, MAX_REMEMBERED)
}

/** The counts of `table` remembered, the most recently used first, at most `max`. */
export function countsOn(db: Db, table: PgTable, max: number): [string, CountQuery][] {
  const found: [string, CountQuery][] = []
  for (const [key, { query }] of [...memoryOf(db)].reverse()) {
    if (found.length === max) break
    if (query.table === table) found.push([key, query])
  }
  return found
}

/**
 * A committed write moved the table's head from `from` to `to` and the count of `key` by `change`
 * (follow-writes.ts): a count that was true at `from` is true at `to`. One true at another head is left
 * to be counted again; what was learnt of the old snapshot's prefix is not carried over.
 */
export function followCount(db: Db, key: string, from: number, to: number, change: number) {
  const memory = memoryOf(db)
  const known = memory.get(key)
  if (known?.head === from) memory.set(key, { total: known.total + change, head: to, query: known.query })
}

/**
 * The prefix did not hold the page at this offset: later pages of the same snapshot skip it. `seek`: the
 * walk began at the page's own first match (list-search.ts), which later pages skip apart.
 */
export function prefixMissed(db: Db, key: string, head: number, offset: number, seek = false) {
  const known = memoryOf(db).get(key)
  if (!known || known.head !== head) return
  if (seek) known.seekMissedFrom = Math.min(known.seekMissedFrom ?? offset, offset)
  else known.prefixMissedFrom = Math.min(known.prefixMissedFrom ?? offset, offset)
}

/** The remembered count when the table's head is still `head`. */
export function rememberedCount(db: Db, key: string, head: number): number | undefined {
  const known = memoryOf(db).get(key)
  return known && known.head === head ? known.total : undefined
}

/** Counts (exactly) and remembers the count with the head of the same snapshot. */
export async function countAndRemember(db: Db, key: string, query: CountQuery): Promise<number> {
  const [counted] = await countStatement(db, query)
  const total = counted?.n ?? 0
  remember(db, key, query, total, counted?.head ?? 0)
  return total
}
