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
import { countAndRemember, countKey, headOf, isRemembered, rememberedCount } from './counts'
import { type Doc, type Row, toDocs } from './docs'
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
 * `searching`: the order is written so no index can provide it. A search reads
 * every match anyway (for its exact count), and sorting a page out of them is
 * cheap; but PostgreSQL's planner, not knowing what ILIKE costs, would rather
 * walk the sort index through all 100,000 rows testing each (140 ms instead
 * of 3 ms for a last name at 100,000 contacts). `|| ''` changes no value.
 */
function orderBy(source: ListSource, keys: SortKey[], searching: boolean): SQL[] {
  const order = keys.map(({ field, descending }) => {
    const { column, kind } = source.fields.get(field) as QueryField
    // Text sorts ignore case, as people read lists, and compare code points (collate "C") as devices do
    // (src/domain/list-order.ts), whatever collation the database was created with.
    const value =
      kind !== 'text'
        ? sql`${column}`
        : searching
          ? sql`(lower(${column} || '') collate "C")`
          : sql`(lower(${column}) collate "C")`
    return descending ? desc(value) : asc(value)
  })
  // The id breaks ties, so pages never overlap or skip rows.
  if (!keys.some((key) => key.field === 'id')) order.push(asc(source.table.id))
  return order
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
  const sort = parseSort(query.sort, sortable, source.defaultSort)
  const { table } = source
  const where = buildWhere(source.fields, query.where)
  const filter = and(source.filter, where)
  const order = orderBy(source, sort, where !== undefined)
  const offset = (page - 1) * limit
  const countAll = () => db.select({ n: count() }).from(table).where(filter)
  if (!where) return plainList(db, source, { filter, order, page, limit })
  // A search: page and count in ONE statement, so the matches are found once (the trigram index
  // scans are the cost). It also keeps the planner from walking the sort index hoping to meet
  // ten matches early, which is slow when they cluster (every 'Harris' sorts under H).
  const found = (await db
    .select({ row: table as never, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(table)
    .where(filter)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)) as { row: Row; total: number }[]
  // Past the last page there is no row to carry the count: ask for it.
  const total = found[0]?.total ?? (offset > 0 ? ((await countAll())[0]?.n ?? 0) : 0)
  return { rows: found.map((entry) => entry.row), info: pageInfo(total, page, limit) }
}

interface PlainQuery {
  filter: SQL | undefined
  order: SQL[]
  page: number
  limit: number
}

/**
 * One page in list order. Past the first page, the page's ids are read first
 * from the sort index alone (its entries hold the sort key, the id and the
 * sorted column, so no row is visited while skipping), then only those rows:
 * page 5,000 then skips 49,990 index entries instead of 49,990 rows.
 */
async function pageOf(db: Db, source: ListSource, query: PlainQuery, head?: SQL<number>) {
  const { table } = source
  const offset = (query.page - 1) * query.limit
  const fields = { row: table as never, ...(head ? { head } : {}) } as { row: never; head: SQL<number> }
  if (offset === 0) {
    return (await db
      .select(fields)
      .from(table)
      .where(query.filter)
      .orderBy(...query.order)
      .limit(query.limit)) as PageEntry[]
  }
  const ids = db
    .select({ id: table.id })
    .from(table)
    .where(query.filter)
    .orderBy(...query.order)
    .limit(query.limit)
    .offset(offset)
    .as('page_ids')
  return (await db
    .select(fields)
    .from(table)
    .innerJoin(ids, eq(table.id, ids.id))
    .orderBy(...query.order)) as PageEntry[]
}

type PageEntry = { row: Row; head?: number }

/** A plain list (no `where`): its page, and its exact count, remembered until the table's next write. */
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
  if (!isRemembered(db, key)) {
    // Nothing to compare with: count alongside the page.
    const [entries, total] = await Promise.all([
      pageOf(db, source, query),
      countAndRemember(db, key, counting),
    ])
    return { rows: entries.map((entry) => entry.row), info: pageInfo(total, page, limit) }
  }
  // The page brings the table's head from its own snapshot; the count is read again only if it moved.
  const head = headOf(table, seq)
  const entries = await pageOf(db, source, query, head)
  // Past the last page no row carries the head: count again.
  const known = entries[0] ? rememberedCount(db, key, entries[0].head ?? -1) : undefined
  const total = known ?? (await countAndRemember(db, key, counting))
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
