/**
 * The list (find) operation: where + sort + paging, answered exactly as
 * Payload does (docs/api.md), with an exact totalDocs. Generic
 * over a table and its queryable paths, so the collections and users share it.
 * A plain list is answered here; a search in list-search.ts; the order and
 * the remembered positions both use are in list-order.ts.
 */
import { and, count, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { ListResponse } from '../../src/domain/rest'
import type { Db } from '../db/open'
import { settledIfMoved } from '../db/write'
import {
  countAndRemember,
  countKey,
  headNow,
  headOf,
  isRemembered,
  rememberedCount,
  rememberedEntry,
} from './counts'
import { type Doc, toDocs } from './docs'
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
} from './list-order'
import { parsePaging, parseSort } from './list-params'
import { searchList } from './list-search'
import { keepPage, keptPage, pageKey } from './pages'
import { forgetPositions, type Position, positionBefore } from './positions'
import type { ServerCollection } from './registry'
import { buildWhere, type QueryField, queryableFields } from './where'

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

/** One page of rows and the paging fields, for the query string of a list call. */
export async function listRows(db: Db, source: ListSource, query: Record<string, unknown>) {
  const { page, limit } = parsePaging(query)
  const keys = parseSort(query.sort, source.sortable, source.defaultSort)
  const used = new Set<QueryField>()
  const where = buildWhere(source.fields, query.where, used)
  const filter = and(source.filter, where)
  const { rows, total } = where
    ? await searchList(db, source, { filter, keys, page, limit, where, used })
    : await plainList(db, source, { filter, keys, page, limit })
  return { rows, info: pageInfo(total, page, limit) }
}

interface Seek {
  /** The table's head, read with the page. */
  head: SQL<number>
  /** Whether this list's positions are remembered (the page then reads its first row's sort value). */
  positions: boolean
  /** A remembered position at or before the page, and the head it was read at. */
  from?: Position & { head: number }
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
    return { rows: entries.map((entry) => entry.row), total: counted?.n ?? 0 }
  }
  const counting = { table, seq, filter }
  const key = countKey(db, counting)
  const offset = (page - 1) * limit
  // The same page read while the table stood as it stands now is the same rows, and its count the same.
  const pageAt = pageKey(positionsKey(key, query.keys), offset, limit)
  const kept = keptPage(db, pageAt)
  const keptTotal = kept && rememberedCount(db, key, kept.head)
  if (kept && keptTotal !== undefined && (await headNow(db, table, seq)) === kept.head)
    return { rows: kept.rows, total: keptTotal }
  // The page brings the table's head from its own snapshot: the count is read again only if it moved.
  const head = headOf(table, seq)
  const list = seekable(source, query.keys) && offset > 0 ? positionsKey(key, query.keys) : undefined
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
    // Positions of an older snapshot. When this process wrote the table meanwhile, they have been carried
    // to the new head (follow-writes.ts), once the write's commit has run what it asked (db/write.ts):
    // read from there; otherwise forget them and read from the start. A page past the end moved too.
    await settledIfMoved(db, entries[0]?.head ?? -1, known.head)
    const carried = positionBefore(db, list, offset)
    const from = carried && carried.head !== known.head ? { ...carried.from, head: carried.head } : undefined
    if (!from) forgetPositions(db, list)
    entries = await pageOf(db, source, query, { ...seek, from })
    if (from && entries[0]?.head !== from.head) {
      forgetPositions(db, list)
      entries = await pageOf(db, source, query, { ...seek, from: undefined })
    }
  }
  if (list) rememberFirst(db, list, listOrderOf(source, query.keys, filter), offset, entries)
  const first = entries[0]
  // A count of an older head than the page's is carried there once this process's write has run what
  // its commit asked, when the write was its own. Past the last page no row carries the head: count again.
  if (first && total === undefined) await settledIfMoved(db, first.head ?? -1, rememberedEntry(db, key)?.head)
  total ??= first ? rememberedCount(db, key, first.head ?? -1) : undefined
  total ??= await countAndRemember(db, key, counting)
  const rows = entries.map((entry) => entry.row)
  if (first?.head !== undefined && rememberedCount(db, key, first.head) === total)
    keepPage(db, pageAt, first.head, rows)
  return { rows, total }
}

const sources = new WeakMap<ServerCollection, ListSource>()

export function collectionSource(collection: ServerCollection): ListSource {
  let source = sources.get(collection)
  if (!source) {
    const { table, spec, sortable } = collection
    source = {
      table,
      fields: queryableFields(collection),
      sortable,
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
