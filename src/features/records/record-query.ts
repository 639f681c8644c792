/**
 * A list screen's page, read from the mirror: sorted, searched with the same
 * word rules as the server (see src/domain/search.ts), counted, sliced.
 */

import type { OutpostDb } from '../../db/database'
import { type MirrorRow, mirrorOf } from '../../db/tables'
import type { CollectionName } from '../../domain/collections'
import { collections } from '../../domain/collections'
import { matchesAcross, searchWords } from '../../domain/search'

export interface PageQuery {
  page: number
  perPage: number
  search: string
  /** 'field' or '-field'; defaults to the collection's default sort. */
  sort?: string
}

export interface PageResult {
  rows: MirrorRow[]
  total: number
}

export async function readPage(
  db: OutpostDb,
  collection: CollectionName,
  query: PageQuery,
): Promise<PageResult> {
  const spec = collections[collection]
  const sort = query.sort ?? spec.defaultSort
  const descending = sort.startsWith('-')
  const field = descending ? sort.slice(1) : sort
  const table = mirrorOf(db, collection)
  let ordered = table.orderBy(field)
  if (descending) ordered = ordered.reverse()
  const offset = (query.page - 1) * query.perPage
  const words = searchWords(query.search)
  if (words.length === 0) {
    const [rows, total] = await Promise.all([
      ordered.offset(offset).limit(query.perPage).toArray(),
      table.count(),
    ])
    return { rows, total }
  }
  const matching = ordered.filter((row) => matchesAcross(row, spec.searchFields, words))
  const [rows, total] = await Promise.all([
    matching.clone().offset(offset).limit(query.perPage).toArray(),
    matching.count(),
  ])
  return { rows, total }
}
