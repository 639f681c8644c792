/** What a list's selection needs of the device's records: every record its search matches, and names. */
import type { OutpostDb } from '../../db/database'
import { mirrorIndex } from '../../db/mirror-index'
import { mirrorOf } from '../../db/tables'
import { type CollectionName, collections } from '../../domain/collections'

/** The ids of every record `search` matches, in the list's order, from the list index (offline too). */
export async function matchingIds(db: OutpostDb, collection: CollectionName, search: string) {
  const index = mirrorIndex(db, collection)
  index.warm()
  await index.idle()
  return index.page(search, 0, Number.MAX_SAFE_INTEGER).ids
}

/** The names of the first `count` of `ids`, for a question about them all. */
export async function firstNames(
  db: OutpostDb,
  collection: CollectionName,
  ids: readonly string[],
  count = 3,
) {
  const rows = await mirrorOf(db, collection).bulkGet(ids.slice(0, count) as string[])
  const { displayName } = collections[collection]
  return rows.flatMap((row) => (row ? [displayName(row) || `A ${collections[collection].label}`] : []))
}
