/**
 * The list (find) operation: where + sort + paging, answered exactly as
 * Payload does (docs/api.md), with an exact totalDocs. Generic
 * over a table and its queryable paths, so the collections and users share it.
 */
import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { ListResponse } from '../../src/domain/rest'
import type { Db } from '../db/open'
import { parsePaging, parseSort, type SortKey } from '../http/query'
import {
  countAndRemember,
  countKey,
  headOf,
  isRemembered,
  prefixMissed,
  remember,
  rememberedCount,
  rememberedEntry,
} from './counts'
import { type Doc, type Row, toDocs } from './docs'
import { forgetPositions, type Position, positionBefore, rememberPosition } from './positions'
import type { ServerCollection } from './registry'
import { buildWhere, type QueryField, queryableFields } from './where'

export interface ListSource {
  table: PgTable & { id: PgColumn }
  /** Paths `where` may use. */
  fields: Map<string, QueryField>
  defaultSort: string
  /** Always ANDed in: a collection's lists never show tombstones. */
  filter?: SQL
  /** The write-sequence column, when every write stamps it: plain lists then remember their count (counts.ts). */
  seq?: PgColumn
}

/** Any listed field sorts, except ids of other records (meaningless as an order) and dotted paths. */
export function sortableFields(fields: Map<string, QueryField>): Set<string> {
  const names = [...fields.values()]
    .filter((field) => field.name === 'id' || (field.kind !== 'uuid' && !field.name.includes('.')))
    .map((field) => field.name)
  return new Set(names)
}

/**
 * One sort key's value. Text sorts ignore case, as people read lists, and
 * compare code points (collate "C") as devices do (src/domain/list-order.ts),
 * whatever collation the database was created with.
 *
 * `searching`: the value is written so no index can provide the order. A
 * search that must find every match anyway (for its exact count) sorts its
 * page out of them cheaply; but PostgreSQL's planner, not knowing what ILIKE
 * costs, would rather walk the sort index through all 100,000 rows testing
 * each (140 ms instead of 3 ms for a last name at 100,000 contacts).
 * `|| ''` changes no value.
 */
function sortValue(source: ListSource, field: string, searching: boolean): SQL {
  const { column, kind } = source.fields.get(field) as QueryField
  if (kind !== 'text') return sql`${column}`
  return searching ? sql`(lower(${column} || '') collate "C")` : sql`(lower(${column}) collate "C")`
}

/** The requested keys, then the id, which breaks ties so pages never overlap or skip rows. */
const withId = (keys: SortKey[]): SortKey[] =>
  keys.some((key) => key.field === 'id') ? keys : [...keys, { field: 'id', descending: false }]

function orderBy(source: ListSource, keys: SortKey[], searching: boolean): SQL[] {
  return withId(keys).map((key) => {
    const value = sortValue(source, key.field, searching)
    return key.descending ? desc(value) : asc(value)
  })
}

export function pageInfo(totalDocs: number, page: number, limit: number) {
  if (totalDocs === 0) {
    return {
      totalDocs,
      limit,
      totalPages: 0,
      page: 1,
      pagingCounter: 0,
      hasPrevPage: false,
      hasNextPage: false,
      prevPage: null,
      nextPage: null,
    }
  }
  const totalPages = Math.ceil(totalDocs / limit)
  const hasPrevPage = page > 1
  const hasNextPage = page < totalPages
  return {
    totalDocs,
    limit,
    totalPages,
    page,
    pagingCounter: (page - 1) * limit + 1,
    hasPrevPage,
    hasNextPage,
    prevPage: hasPrevPage ? page - 1 : null,
    nextPage: hasNextPage ? page + 1 : null,
  }
}

const sortCache = new WeakMap<ListSource, Set<string>>()

/** One page of rows and the paging fields, for the query string of a list call. */
export async function listRows(db: Db, source: ListSource, query: Record<string, unknown>) {
  const { page, limit } = parsePaging(query)
  let sortable = sortCache.get(source)
  if (!sortable) {
    sortable = sortableFields(source.fields)
    sortCache.set(source, sortable)
  }
  const keys = parseSort(query.sort, sortable, source.defaultSort)
  const used = new Set<QueryField>()
  const where = buildWhere(source.fields, query.where, used)
  const filter = and(source.filter, where)
  if (!where) return plainList(db, source, { filter, keys, page, limit })
  return searchList(db, source, { filter, keys, page, limit, where, used })
}

interface PlainQuery {
  filter: SQL | undefined
  keys: SortKey[]
  page: number
  limit: number
}

interface SearchQuery extends PlainQuery {
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
async function searchList(db: Db, source: ListSource, query: SearchQuery) {
  const { table, seq } = source
  const { page, limit, filter } = query
  const offset = (page - 1) * limit
  const counting = seq && { table, seq, filter }
  const key = counting && countKey(db, counting)
  const known = key ? rememberedEntry(db, key) : undefined
  const list = key && seekable(source, query.keys) ? `${key}\u0000${JSON.stringify(query.keys)}` : undefined
  if (key && known && offset < known.total && offset < (known.prefixMissedFrom ?? Number.POSITIVE_INFINITY)) {
    const at = list ? positionBefore(db, list, offset) : undefined
    const from = at?.head === known.head ? at.from : undefined
    const entries = await prefixPage(db, source as ListSource & { seq: PgColumn }, query, known, from)
    const head = entries[0]?.head
    if (head === known.head) {
      if (entries.length === Math.min(limit, known.total - offset)) {
        if (list) rememberFirst(db, list, offset, entries)
        return { rows: entries.map((entry) => entry.row), info: pageInfo(known.total, page, limit) }
      }
      prefixMissed(db, key, known.head, offset)
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
  if (key && first?.head !== undefined) remember(db, key, first.total, first.head)
  // Past the last page there is no row to carry the count: ask for it.
  const total =
    first?.total ??
    (offset === 0
      ? 0
      : counting && key
        ? await countAndRemember(db, key, counting)
        : ((await db.select({ n: count() }).from(table).where(filter))[0]?.n ?? 0))
  return { rows: found.map((entry) => entry.row), info: pageInfo(total, page, limit) }
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
  const columns = new Set([...query.used].map((field) => field.column))
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

type PageEntry = { row: Row; head?: number; key?: string | null }

interface Seek {
  /** The table's head, read with the page. */
  head: SQL<number>
  /** Whether this list's positions are remembered (the page then reads its first row's sort value). */
  positions: boolean
  /** A remembered position at or before the page, and the head it was read at. */
  from?: Position & { head: number }
}

/** The id order, or one text field ascending then the id: orders the sort index serves as a seek. */
function seekable(source: ListSource, keys: SortKey[]): boolean {
  const all = withId(keys)
  if (all.some((key) => key.descending)) return false
  if (all.length === 1) return true
  return all.length === 2 && all[1]?.field === 'id' && source.fields.get(all[0]?.field ?? '')?.kind === 'text'
}

/** The first sort key's value (text), selected with a page to remember where it begins; null when not needed. */
function positionValue(source: ListSource, keys: SortKey[], wanted: boolean): SQL<string | null> {
  const field = withId(keys)[0]?.field
  return wanted && field !== 'id'
    ? sql<string>`${sortValue(source, field as string, false)}`
    : sql<null>`null`
}

/** Rows at or after a remembered one, in a seekable order. */
function seekCondition(source: ListSource, keys: SortKey[], from: Position): SQL {
  const { id } = source.table
  if (from.key === null) return sql`${id} >= ${from.id}::uuid`
  const value = sortValue(source, withId(keys)[0]?.field as string, false)
  return sql`(${value}, ${id}) >= (${from.key}::text, ${from.id}::uuid)`
}

/** Remembers where a page read with its head begins. */
function rememberFirst(db: Db, list: string, offset: number, entries: PageEntry[]) {
  const first = entries[0]
  if (first?.head === undefined) return
  rememberPosition(db, list, first.head, { offset, key: first.key ?? null, id: String(first.row.id) })
}

/**
 * One page in list order. Past the first page, the page's ids are read first
 * from the sort index alone (its entries hold the sort key, the id and the
 * sorted column, so no row is visited while skipping), then only those rows:
 * page 5,000 then skips 49,990 index entries instead of 49,990 rows. From a
 * remembered position (positions.ts) it seeks the index to that row first and
 * skips only the rest.
 */
async function pageOf(db: Db, source: ListSource, query: PlainQuery, seek?: Seek) {
  const { table } = source
  const offset = (query.page - 1) * query.limit
  const order = orderBy(source, query.keys, false)
  const { head, from } = seek ?? {}
  // The first row's sort value, to remember where this page begins.
  const key = positionValue(source, query.keys, seek?.positions ?? false)
  const fields = { row: table as never, key, ...(head ? { head } : {}) } as {
    row: never
    key: SQL<string | null>
    head: SQL<number>
  }
  if (offset === 0) {
    return (await db
      .select(fields)
      .from(table)
      .where(query.filter)
      .orderBy(...order)
      .limit(query.limit)) as PageEntry[]
  }
  // A position of an older snapshot reads nothing (PostgreSQL tests the head once, first); the caller reads again.
  const filter =
    from && head
      ? and(query.filter, seekCondition(source, query.keys, from), sql`${head} = ${from.head}`)
      : query.filter
  const skip = offset - (from?.offset ?? 0)
  const ids = db
    .select({ id: table.id })
    .from(table)
    .where(filter)
    .orderBy(...order)
    .limit(query.limit)
    .offset(skip)
    .as('page_ids')
  return (await db
    .select(fields)
    .from(table)
    .innerJoin(ids, eq(table.id, ids.id))
    .orderBy(...order)) as PageEntry[]
}

/**
 * A plain list (no `where`): its page, and its exact count, remembered until
 * the table's next write; deep pages start from a remembered position.
 */
async function plainList(db: Db, source: ListSource, query: PlainQuery) {
  const { table, seq } = source
  const { page, limit, filter } = query
  if (!seq) {
    const [entries, [counted]] = await Promise.all([
      pageOf(db, source, query),
      db.select({ n: count() }).from(table).where(filter),
    ])
    return { rows: entries.map((entry) => entry.row), info: pageInfo(counted?.n ?? 0, page, limit) }
  }
  const counting = { table, seq, filter }
  const key = countKey(db, counting)
  const offset = (page - 1) * limit
  // The page brings the table's head from its own snapshot: the count is read again only if it moved.
  const head = headOf(table, seq)
  const list =
    seekable(source, query.keys) && offset > 0 ? `${key}\u0000${JSON.stringify(query.keys)}` : undefined
  const known = list ? positionBefore(db, list, offset) : undefined
  const seek = { head, positions: list !== undefined, from: known && { ...known.from, head: known.head } }
  let entries: PageEntry[]
  let total: number | undefined
  if (!isRemembered(db, key)) {
    // Nothing to compare with: count alongside the page.
    ;[entries, total] = await Promise.all([
      pageOf(db, source, query, seek),
      countAndRemember(db, key, counting),
    ])
  } else entries = await pageOf(db, source, query, seek)
  if (list && known && entries[0]?.head !== known.head) {
    // Positions of an older snapshot: read from the start.
    forgetPositions(db, list)
    entries = await pageOf(db, source, query, { ...seek, from: undefined })
  }
  if (list) rememberFirst(db, list, offset, entries)
  const first = entries[0]
  // Past the last page no row carries the head: count again.
  total ??= first ? rememberedCount(db, key, first.head ?? -1) : undefined
  total ??= await countAndRemember(db, key, counting)
  return { rows: entries.map((entry) => entry.row), info: pageInfo(total, page, limit) }
}

const sources = new WeakMap<ServerCollection, ListSource>()

export function collectionSource(collection: ServerCollection): ListSource {
  let source = sources.get(collection)
  if (!source) {
    const { table, spec } = collection
    source = {
      table,
      fields: queryableFields(collection),
      defaultSort: spec.defaultSort,
      filter: isNull(table.deletedAt),
      seq: table.seq,
    }
    sources.set(collection, source)
  }
  return source
}

export async function listDocs(
  db: Db,
  collection: ServerCollection,
  query: Record<string, unknown>,
): Promise<ListResponse<Doc>> {
  const { rows, info } = await listRows(db, collectionSource(collection), query)
  return { docs: await toDocs(db, collection, rows), ...info }
}
