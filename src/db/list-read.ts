/**
 * A list's page, read from the mirror: sorted, searched by the rule every
 * search on the device follows (src/domain/global-search.ts), counted, sliced. The
 * list's orders are answered from the collection's in-memory index once it is
 * built (src/db/mirror-index.ts); until then, and for other orders, from the
 * table. `readPage` answers whole rows (a picker's options show more than the
 * list does); a list screen paints `listedPage`'s rows.
 */

import type { CollectionName } from '../domain/collections'
import { collections } from '../domain/collections'
import { globalQuery, globalSearchTexts, isBlankQuery, matchesGlobal } from '../domain/global-search'
import { compareListOrder, parseListSort, sortKeyOf } from '../domain/list-order'
import type { OutpostDb } from './database'
import type { ListedRow } from './index-entries'
import { mirrorIndex } from './mirror-index'
import { hasPacks } from './packs'
import { type MirrorRow, mirrorOf } from './tables'

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

/**
 * A page and the count of matches as the collection's in-memory index answers
 * them, at once, with no IndexedDB read: the ids, and the rows as the list
 * shows them (its `listFields` only). Undefined while the index is not built,
 * or for an order it does not keep.
 */
export function listedPage(
  db: OutpostDb,
  collection: CollectionName,
  query: PageQuery,
): { total: number; ids: string[]; rows: ListedRow[] } | undefined {
  const index = mirrorIndex(db, collection)
  const spec = collections[collection]
  const sort = parseListSort(query.sort ?? spec.defaultSort)
  // The index keeps what the list shows of each row: it sorts by any of those fields.
  if (!index.ready || (sort.field !== spec.defaultSort && !spec.listFields.includes(sort.field)))
    return undefined
  const offset = (query.page - 1) * query.perPage
  return index.page(query.search, offset, query.perPage, sort)
}

/**
 * Undefined while rows of the collection wait in packs and its index is not
 * built (a reload just after a first sync): the table alone would show a wrong
 * page, and the index, once built, announces a new version to read again.
 */
export async function readPage(
  db: OutpostDb,
  collection: CollectionName,
  query: PageQuery,
): Promise<PageResult | undefined> {
  const spec = collections[collection]
  const { field, descending } = parseListSort(query.sort ?? spec.defaultSort)
  const table = mirrorOf(db, collection)
  const offset = (query.page - 1) * query.perPage
  const search = globalQuery(query.search)
  const listed = listedPage(db, collection, query)
  if (listed) {
    const rows = await table.bulkGet(listed.ids)
    // A row deleted since the index last heard: the next version leaves it out.
    return { rows: rows.filter((row) => row !== undefined), total: listed.total }
  }
  mirrorIndex(db, collection).warm()
  if (await hasPacks(db, collection)) return undefined
  const blank = isBlankQuery(search)
  const matches = (row: MirrorRow) => blank || matchesGlobal(globalSearchTexts(row, collection), search)
  if (field !== 'id' && !(field in table.schema.idxByName)) {
    // No IndexedDB index for this order (only the list orders have one): sort the matches here.
    const keyed = (await table.filter(matches).toArray()).map((row) => ({
      row,
      id: row.id,
      key: sortKeyOf(row[field]),
    }))
    const rows = keyed.sort((a, b) => compareListOrder(a, b, descending)).map(({ row }) => row)
    return { rows: rows.slice(offset, offset + query.perPage), total: rows.length }
  }
  let ordered = table.orderBy(field)
  if (descending) ordered = ordered.reverse()
  if (blank) {
    const [rows, total] = await Promise.all([
      ordered.offset(offset).limit(query.perPage).toArray(),
      table.count(),
    ])
    return { rows, total }
  }
  const matching = ordered.filter(matches)
  const [rows, total] = await Promise.all([
    matching.clone().offset(offset).limit(query.perPage).toArray(),
    matching.count(),
  ])
  return { rows, total }
}
