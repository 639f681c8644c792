/**
 * A list with a `where` (a search): its page and its exact count, the first
 * time from one statement over the trigram indexes, then from a bounded
 * prefix of the sort index while the table's head stands still.
 */
import { and, count, eq, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../db/open'
import {
  countAndRemember,
  countKey,
  headNow,
  headOf,
  prefixMissed,
  remember,
  rememberedEntry,
} from './counts'
import {
  type ListSource,
  listOrderOf,
  orderBy,
  type PageEntry,
  type PlainQuery,
  positionsKey,
  positionValue,
  rememberFirst,
  seekable,
  seekCondition,
  sortValue,
  withId,
} from './list-order'
import { keepPage, keptPage, pageKey } from './pages'
import { type Position, positionBefore, rememberPosition } from './positions'
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
  const known = key ? rememberedEntry(db, key) : undefined
  const list = key && seekable(source, query.keys) ? positionsKey(key, query.keys) : undefined
  // The same page of this search, read while the table stood as it stands now, is the same rows.
  const pageAt = key && pageKey(positionsKey(key, query.keys), offset, limit)
  const kept = pageAt ? keptPage(db, pageAt) : undefined
  if (seq && known && kept && kept.head === known.head && (await headNow(db, table, seq)) === kept.head)
    return { rows: kept.rows, total: known.total }
  // Where this page's first match is, when a read at this head found it (below, or a prefix's).
  const at = key && known && list ? positionBefore(db, list, offset) : undefined
  const from = at?.head === known?.head ? at?.from : undefined
  const exact = from?.offset === offset
  if (
    key &&
    known &&
    offset < known.total &&
    offset < ((exact ? known.seekMissedFrom : known.prefixMissedFrom) ?? Number.POSITIVE_INFINITY)
  ) {
    const entries = await prefixPage(db, source as ListSource & { seq: PgColumn }, query, known, from)
    const head = entries[0]?.head
    if (head === known.head) {
      if (entries.length === Math.min(limit, known.total - offset)) {
        if (list) rememberFirst(db, list, listOrderOf(source, query.keys, filter), offset, entries)
        const rows = entries.map((entry) => entry.row)
        if (pageAt) keepPage(db, pageAt, known.head, rows)
        return { rows, total: known.total }
      }
      prefixMissed(db, key, known.head, offset, exact)
    }
  }
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
  if (counting && key && first?.head !== undefined) {
    remember(db, key, counting, first.total, first.head)
    keepPage(
      db,
      pageAt as string,
      first.head,
      found.map((entry) => entry.row),
    )
    // Where the page begins, for the same page asked again (the next reader of a search, or this one's
    // next visit): a walk of the sort index from there meets its matches at once, where a walk from the
    // list's start could miss them all (every 'son' clusters under 'Anderson', 'Johnson', …) and send
    // each repeat to this whole search again. One row read by its id, the first time only.
    if (list && !exact) await rememberWhereFound(db, source, query, list, offset, first)
  }
  // Past the last page there is no row to carry the count: ask for it.
  const total =
    first?.total ??
    (offset === 0
      ? 0
      : counting && key
        ? await countAndRemember(db, key, counting)
        : ((await db.select({ n: count() }).from(table).where(filter))[0]?.n ?? 0))
  return { rows: found.map((entry) => entry.row), total }
}

/** Remembers where a page found by the whole search begins: its first row's sort value, at the same head. */
async function rememberWhereFound(
  db: Db,
  source: ListSource,
  query: SearchQuery,
  list: string,
  offset: number,
  first: PageEntry & { head?: number },
) {
  const { table, seq } = source
  if (!seq || first.head === undefined) return
  const id = String(first.row.id)
  const [found] = await db
    .select({ key: positionValue(source, query.keys, true), head: headOf(table, seq) })
    .from(table)
    .where(eq(table.id, id))
  // Read in another snapshot: true of this page only if nothing was written in between.
  if (found && found.head === first.head)
    rememberPosition(db, list, listOrderOf(source, query.keys, query.filter), first.head, {
      offset,
      key: found.key,
      id,
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
 * it never costs much more than finding them all would; and it does not
 * start when the table's head has moved since the count (no row then).
 */
async function prefixPage(
  db: Db,
  source: ListSource & { seq: PgColumn },
  query: SearchQuery,
  known: { total: number; head: number },
  from?: Position,
): Promise<PageEntry[]> {
  const { table, seq } = source
  const skip = (query.page - 1) * query.limit - (from?.offset ?? 0)
  const bound = Math.max(known.total, 2 * (skip + query.limit))
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
  // When the table has moved since the count, nothing is walked (PostgreSQL tests this once, first).
  const unchanged = sql`${headOf(table, seq)} = ${known.head}`
  const start = and(source.filter, unchanged, from && seekCondition(source, query.keys, from))
  const list = sql`select ${sql.join(selected, sql`, `)} from ${table} where ${start} order by ${sql.join(
    keys.map((key) => sql`${key.value} ${key.direction}`),
    sql`, `,
  )} limit ${bound}`
  // Named as the table, so `where` (written against the table's columns) reads the prefix's;
  // ordered by the prefix's own columns, so PostgreSQL keeps its order instead of sorting it.
  const ids = sql`(select "id" from (${list}) as ${table} where ${query.where} order by ${sql.join(
    keys.map((key) => sql`${key.name} ${key.direction}`),
    sql`, `,
  )} limit ${query.limit} offset ${skip}) as "page_ids"`
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
