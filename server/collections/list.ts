/**
 * The list (find) operation: where + sort + paging, answered exactly as
 * Payload does (docs/api.md), with an exact totalDocs. Generic
 * over a table and its queryable paths, so the collections and users share it.
 */
import { and, asc, count, desc, isNull, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { ListResponse } from '../../src/domain/rest'
import type { Db } from '../db/open'
import { parsePaging, parseSort, type SortKey } from '../http/query'
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
  if (!where) {
    // A plain list: the page walks the sort index and stops after its rows; the count is its own query.
    const [rows, [counted]] = await Promise.all([
      db
        .select()
        .from(table)
        .where(filter)
        .orderBy(...order)
        .limit(limit)
        .offset(offset) as Promise<Row[]>,
      countAll(),
    ])
    return { rows, info: pageInfo(counted?.n ?? 0, page, limit) }
  }
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
