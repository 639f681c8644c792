/**
 * The list (find) operation: where + sort + paging, answered exactly as
 * Payload does (research/payload.md §1.2), with an exact totalDocs.
 */
import { and, asc, count, desc, isNull, type SQL, sql } from 'drizzle-orm'
import type { ListResponse } from '../../src/domain/api'
import type { Db } from '../db/open'
import { parsePaging, parseSort, type SortKey } from '../http/query'
import { type Doc, toDoc } from './docs'
import { kindOf, type ServerCollection } from './registry'
import { buildWhere } from './where'

export function sortableFields(collection: ServerCollection): Set<string> {
  return new Set([...collection.spec.sortFields, 'createdAt', 'updatedAt'])
}

function orderBy(collection: ServerCollection, keys: SortKey[]): SQL[] {
  const columns: Record<string, (typeof collection.fields)[string]> = {
    ...collection.fields,
    createdAt: collection.table.createdAt,
    updatedAt: collection.table.updatedAt,
  }
  const order = keys.map(({ field, descending }) => {
    const column = columns[field]
    if (!column) throw new Error(`sort field ${field} has no column`)
    // Text sorts ignore case, as people read lists; the id breaks ties so pages never overlap.
    const value = kindOf(column) === 'text' ? sql`lower(${column})` : sql`${column}`
    return descending ? desc(value) : asc(value)
  })
  return [...order, asc(collection.table.id)]
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

export async function listDocs(
  db: Db,
  collection: ServerCollection,
  query: Record<string, unknown>,
): Promise<ListResponse<Doc>> {
  const { page, limit } = parsePaging(query)
  const sort = parseSort(query.sort, sortableFields(collection), collection.spec.defaultSort)
  const { table } = collection
  // Tombstones never appear in lists.
  const filter = and(isNull(table.deletedAt), buildWhere(collection, query.where))
  // Page and exact count as two queries (in parallel on a pool): a window count would make
  // Postgres read and sort every match before it can stop at the page's last row.
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(table)
      .where(filter)
      .orderBy(...orderBy(collection, sort))
      .limit(limit)
      .offset((page - 1) * limit) as Promise<Record<string, unknown>[]>,
    db.select({ n: count() }).from(table).where(filter),
  ])
  const totalDocs = counted?.n ?? 0
  return { docs: rows.map((row) => toDoc(collection, row)), ...pageInfo(totalDocs, page, limit) }
}
