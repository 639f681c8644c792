/**
 * Every record a list shows, whole, in the list's order: what an export
 * writes. The list index (mirror-index.ts) says which records and in what
 * order, as the list screen shows them (its search, its sort); the rows come
 * from the table and the packs a first sync left (packs.ts), read once in
 * chunks, so a list of 100,000 costs one pass over the table, not 100,000
 * lookups. Offline like every other read.
 */
import { type CollectionName, collections } from '../domain/collections'
import { parseListSort } from '../domain/list-order'
import type { OutpostDb } from './database'
import { mirrorIndex } from './mirror-index'
import { readWholeTable } from './packs'
import type { MirrorRow } from './tables'

/** Rows per read from the table. */
const CHUNK = 5_000

export async function listedRecords(
  db: OutpostDb,
  collection: CollectionName,
  query: { search: string; sort?: string },
): Promise<MirrorRow[]> {
  const index = mirrorIndex(db, collection)
  index.warm()
  await index.idle()
  const sort = parseListSort(query.sort || collections[collection].defaultSort)
  const { ids } = index.page(query.search, 0, Number.MAX_SAFE_INTEGER, sort)
  const place = new Map(ids.map((id, at) => [id, at]))
  const rows: Array<MirrorRow | undefined> = new Array(ids.length)
  await readWholeTable(db, collection, CHUNK, (chunk) => {
    for (const row of chunk) {
      const at = place.get(row.id)
      if (at !== undefined) rows[at] = row
    }
  })
  // A record deleted since the index answered is left out.
  return rows.filter((row): row is MirrorRow => row !== undefined)
}

/** Each record's name by id, for the records `collection`'s relations point at (a contact's company). */
export async function namesOf(db: OutpostDb, collection: CollectionName): Promise<Map<string, string>> {
  const index = mirrorIndex(db, collection)
  index.warm()
  await index.idle()
  const names = new Map<string, string>()
  const { displayName } = collections[collection]
  index.forEachEntry((entry) => {
    names.set(entry.id, displayName(entry.shown))
    return undefined
  })
  return names
}
