/**
 * A list with a `where` (a search): its page and its exact count, the first
 * time from one statement over the trigram indexes, then from a bounded
 * prefix of the sort index while the table's head stands still.
 */
import { and, count, inArray, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../db/open'
import { settledIfMoved } from '../db/write'
import {
  countAndRemember,
  countKey,
  headNow,
  headOf,
  prefixMissed,
  remember,
  rememberedEntry,
} from './counts'
import type { Row } from './docs'
import {
  type ListSource,
  listOrderOf,
  orderBy,
  type PageEntry,
  type PlainQuery,
  positionsKey,
  positionValue,
  rememberEach,
  seekable,
  seekCondition,
  sortValue,
  withId,
} from './list-order'
import { keepPage, keptPage, pageKey } from './pages'
import { type Position, positionBefore, positionsAfter, rememberPosition, samePosition } from './positions'
import { type Found, sharedSearch } from './search-flights'
import type { QueryField } from './where'

export interface SearchQuery extends PlainQuery {
  where: SQL
  /** The paths `where` compares. */
  used: Set<QueryField>
}

/**
 * A search: its page and exact count. The first time, both come from ONE
 * statement, so the matches are found once (the trigram index scans are the
 * cost); this also keeps the planner from walking the sort index hoping to
 * meet ten matches early, which is slow when they cluster (every 'Harris'
 * sorts under H). The count is then remembered with the table's head, like a
 * plain list's (counts.ts), and the same search again (its next page, or
 * another user's) reads its page from a bounded prefix of the sort index.
 */
export async function searchList(db: Db, source: ListSource, query: SearchQuery) {
  const { table, seq } = source
  const { page, limit, filter } = query
  const offset = (page - 1) * limit
  const counting = seq && { table, seq, filter }
  const key = counting && countKey(db, counting)
  const remembered = () => (key ? rememberedEntry(db, key) : undefined)
  const before = remembered()
  const list = key && seekable(source, query.keys) ? positionsKey(key, query.keys) : undefined
  // The same page of this search, read while the table stood as it stands now, is the same rows.
  const pageAt = key && pageKey(positionsKey(key, query.keys), offset, limit)
  const kept = pageAt ? keptPage(db, pageAt) : undefined
  if (seq && before && kept && kept.head === before.head && (await headNow(db, table, seq)) === kept.head)
    return { rows: kept.rows, total: before.total }
  // A write this process carried while the head was read has moved the count and the positions
  // together: read them again, or the walk would start from the positions' new head with the count's
  // old one and meet no match (a third of the reads of a search under 10 writes/s walked twice).
  const known = remembered()
  if (key && known) {
    const found = await fromPrefix(db, source, query, key, known, list, pageAt as string)
    // The table moved while this was read. When this process wrote it, what it remembered has been
    // carried to the new head (follow-writes.ts) by now: one more try from there, not the whole search.
    const carried = found === 'moved' ? rememberedEntry(db, key) : undefined
    const again =
      carried && carried.head !== known.head
        ? await fromPrefix(db, source, query, key, carried, list, pageAt as string)
        : found
    if (again && again !== 'moved') return again
  }
  if (!key || !pageAt || !seq) return wholeSearch(db, source, query)
  const { rows, total } = await sharedSearch(
    db,
    pageAt,
    () => headNow(db, table, seq),
    () => wholeSearch(db, source, query, { key, pageAt, list }),
  )
  return { rows, total }
}

/**
 * The page and its count from ONE statement over every match (see searchList), remembered under
 * `known` (the count's key, the page's, and the list's positions) when the table has a head.
 */
async function wholeSearch(
  db: Db,
  source: ListSource,
  query: SearchQuery,
  known?: { key: string; pageAt: string; list: string | undefined },
): Promise<Found> {
  const { table, seq } = source
  const { page, limit, filter } = query
  const offset = (page - 1) * limit
  const counting = seq && { table, seq, filter }
  const fields = {
    row: table as never,
    total: sql<number>`count(*) over ()`.mapWith(Number),
    ...(seq ? { head: headOf(table, seq) } : {}),
  }
  const found = (await db
    .select(fields)
    .from(table)
    .where(filter)
    .orderBy(...orderBy(source, query.keys, true))
    .limit(limit)
    .offset(offset)) as (PageEntry & { total: number })[]
  const first = found[0]
  // Its position is left to the next read of this page: the sort value selected here would be computed
  // for every match, not only the page's (lower() of 11,762 names made a search after a write 1.6× slower on PGlite).
  if (counting && known && first?.head !== undefined) {
    const { key, pageAt, list } = known
    remember(db, key, counting, first.total, first.head)
    keepPage(
      db,
      pageAt,
      first.head,
      found.map((entry) => entry.row),
    )
    // Where the page's rows are, for the same page asked again (the next reader of a search, or this
    // one's next visit): a walk of the sort index from there meets its matches at once, where a walk
    // from the list's start could miss them all (every 'son' clusters under 'Anderson', 'Johnson', …)
    // and send each repeat to this whole search again. Every row's, not only the first's: a write that
    // moves one row of page 1 leaves the others where a walk from each meets them (prefixPage). The
    // page's rows read by their ids, when some of their positions are not known at this head.
    const at = list ? positionBefore(db, list, offset) : undefined
    const knownHere =
      list && at?.head === first.head ? positionsAfter(db, list, offset - 1, offset + found.length).length : 0
    if (list && knownHere < found.length) await rememberWhereFound(db, source, query, list, offset, found)
  }
  // Past the last page there is no row to carry the count: ask for it.
  const total =
    first?.total ??
    (offset === 0
      ? 0
      : counting && known
        ? await countAndRemember(db, known.key, counting)
        : ((await db.select({ n: count() }).from(table).where(filter))[0]?.n ?? 0))
  return { rows: found.map((entry) => entry.row), total, head: first?.head }
}

/**
 * The page from a bounded prefix of the list order (prefixPage), from where this page's first match
 * was last found when that is known at the count's head; 'moved' when the table's head was no longer
 * the count's, undefined when the prefix did not hold the page or was not worth walking.
 */
async function fromPrefix(
  db: Db,
  source: ListSource,
  query: SearchQuery,
  key: string,
  known: Readonly<{ total: number; head: number; prefixMissedFrom?: number; seekMissedFrom?: number }>,
  list: string | undefined,
  pageAt: string,
): Promise<{ rows: Row[]; total: number } | 'moved' | undefined> {
  const { limit, filter } = query
  const offset = (query.page - 1) * limit
  // Where this page's first match is, when a read at this head found it (below, or a prefix's), and
  // where later rows of the page begin, when known: the page is walked from each (prefixPage).
  const near = list ? positionBefore(db, list, offset) : undefined
  const from = near?.head === known.head ? near.from : undefined
  const starts = list && from ? [from, ...positionsAfter(db, list, from.offset, offset + limit)] : []
  const exact = from?.offset === offset
  const missedFrom = (exact ? known.seekMissedFrom : known.prefixMissedFrom) ?? Number.POSITIVE_INFINITY
  if (offset >= known.total || offset >= missedFrom) return undefined
  const entries = await prefixPage(db, source as ListSource & { seq: PgColumn }, query, known.total, starts)
  const head = entries[0]?.head
  // Read at another head than the count's: still the page when this process's write carried the count,
  // and the positions walked from, to that head unmoved (follow-writes.ts), by the time the rows came
  // (and its commit has run what it asked, if the rows saw the commit first).
  await settledIfMoved(db, head, known.head)
  const at = head === known.head ? known : carriedTo(db, key, list, starts, head)
  if (!at) return 'moved'
  if (entries.length === Math.min(limit, at.total - offset)) {
    if (list) rememberEach(db, list, listOrderOf(source, query.keys, filter), offset, entries)
    const rows = entries.map((entry) => entry.row)
    keepPage(db, pageAt, at.head, rows)
    return { rows, total: at.total }
  }
  prefixMissed(db, key, at.head, offset, exact)
  return undefined
}

/** The count remembered at `head`, when each position walked from is remembered there as it was. */
function carriedTo(
  db: Db,
  key: string,
  list: string | undefined,
  starts: Position[],
  head: number | undefined,
) {
  const now = rememberedEntry(db, key)
  if (head === undefined || now?.head !== head) return undefined
  const unmoved = starts.every((start) => {
    const carried = list ? positionBefore(db, list, start.offset) : undefined
    return carried?.head === head && samePosition(carried.from, start)
  })
  return unmoved ? now : undefined
}

/** Remembers where each row of a page found by the whole search is: its sort value, at the same head. */
async function rememberWhereFound(
  db: Db,
  source: ListSource,
  query: SearchQuery,
  list: string,
  offset: number,
  found: (PageEntry & { head?: number })[],
) {
  const { table, seq } = source
  const head = found[0]?.head
  if (!seq || head === undefined) return
  const ids = found.map((entry) => String(entry.row.id))
  const read = await db
    .select({
      id: table.id,
      key: positionValue(source, query.keys, true),
      seq: sql<number>`${seq}`.mapWith(Number),
    })
    .from(table)
    .where(inArray(table.id, ids))
  const byId = new Map(read.map((row) => [String(row.id), row]))
  const order = listOrderOf(source, query.keys, query.filter)
  ids.forEach((id, i) => {
    const row = byId.get(id)
    // Read in another snapshot: the row's sort value is the page's snapshot's when the row has not been
    // written since; rememberPosition carries the position through the writes since that snapshot.
    if (row && row.seq <= head)
      rememberPosition(db, list, order, head, { offset: offset + i, key: row.key, id })
  })
}

/**
 * A search's page from the first `matches` rows of the list order (at least
 * twice the rows up to the page's end): the sort index is walked from its
 * start (or from where this page began when last read: positions.ts), only
 * as far as ten matches need, reading only the id, the sort keys
 * and the columns `where` compares (from the index alone when it holds them,
 * as the last-name index does a last-name search), then the page's ten rows.
 * The matches met in that prefix are exactly the first matches of the whole
 * list, so when it holds as many as the page should have (the remembered
 * count says how many), the page is the true one; otherwise the caller
 * searches the whole table. The walk is bounded by the number of matches, so
 * it never costs much more than finding them all would. Each row carries
 * the head it was read at, for the caller to judge the page by the count of
 * that head.
 *
 * When more positions are known inside the page (`starts`, ascending, the
 * first at or before the page), the page is walked from each of them at
 * once: between positions at offsets a and b lie exactly b − a matches, the
 * first of them the row at a, so each walk takes only its share. A write
 * that puts a match first, far before the rest of page 1 (an 'Aason' above
 * every 'Wilson'), adds a position at 0 and moves the old one to 1: one walk
 * meets the new row, the other the rest, where a single walk from 0 ran out
 * of rows before the cluster and sent the page to the whole search. A walk
 * short of its share leaves the page short, and the caller does the same.
 */
async function prefixPage(
  db: Db,
  source: ListSource & { seq: PgColumn },
  query: SearchQuery,
  total: number,
  starts: Position[],
): Promise<PageEntry[]> {
  const { table, seq } = source
  const offset = (query.page - 1) * query.limit
  const keys = withId(query.keys).map((key, i) => ({
    value: sortValue(source, key.field, false),
    name: sql.identifier(`sort_${i}`),
    direction: key.descending ? sql`desc` : sql`asc`,
  }))
  const columns = new Set(
    [...query.used].flatMap((field) => [field.column, ...(field.phones ? [field.phones] : [])]),
  )
  columns.delete(table.id)
  const selected = [
    sql`${table.id} as "id"`,
    ...keys.map((key) => sql`${key.value} as ${key.name}`),
    ...[...columns].map((column) => sql`${column}`),
  ]
  const walks = walksOf(offset, query.limit, starts).map(({ from, skip, take }) => {
    const start = and(source.filter, from && seekCondition(source, query.keys, from))
    const bound = Math.max(total, 2 * (skip + take))
    const list = sql`select ${sql.join(selected, sql`, `)} from ${table} where ${start} order by ${sql.join(
      keys.map((key) => sql`${key.value} ${key.direction}`),
      sql`, `,
    )} limit ${bound}`
    // Named as the table, so `where` (written against the table's columns) reads the prefix's;
    // ordered by the prefix's own columns, so PostgreSQL keeps its order instead of sorting it.
    return sql`(select "id" from (${list}) as ${table} where ${query.where} order by ${sql.join(
      keys.map((key) => sql`${key.name} ${key.direction}`),
      sql`, `,
    )} limit ${take} offset ${skip})`
  })
  const ids = sql`(${sql.join(walks, sql` union all `)}) as "page_ids"`
  const fields = {
    row: table as never,
    head: headOf(table, seq),
    key: positionValue(source, query.keys, seekable(source, query.keys)),
  }
  return (await db
    .select(fields)
    .from(table)
    .innerJoin(ids, sql`${table.id} = "page_ids"."id"`)
    .orderBy(...orderBy(source, query.keys, false))) as PageEntry[]
}

/**
 * The walks that make the page of `limit` rows at `offset`: one from the list's start when no position
 * is known, else one from each start, taking the rows up to the next start (the last, up to the
 * page's end) and skipping those before the page.
 */
function walksOf(offset: number, limit: number, starts: Position[]) {
  if (starts.length === 0) return [{ from: undefined, skip: offset, take: limit }]
  const walks = starts.map((from, i) => {
    const begin = Math.max(from.offset, offset)
    return { from, skip: begin - from.offset, take: (starts[i + 1]?.offset ?? offset + limit) - begin }
  })
  // Two positions at one offset: the first's share is nothing.
  return walks.filter((walk) => walk.take > 0)
}
