/**
 * The top bar's search, read from the mirror: every entity's in-memory index
 * (src/db/mirror-index.ts) answers which records match and how many, so a
 * keystroke never scans IndexedDB; only the few rows shown are read.
 */
import type { OutpostDb } from '../../db/database'
import { mirrorIndex } from '../../db/mirror-index'
import { type MirrorRow, mirrorOf } from '../../db/tables'
import { COLLECTION_NAMES, type CollectionName } from '../../domain/collections'
import { type GlobalQuery, globalQuery, isBlankQuery } from '../../domain/global-search'

export interface FoundGroup {
  collection: CollectionName
  /** Every match in this collection; `rows` holds only the first few. */
  total: number
  rows: MirrorRow[]
}

export interface Found {
  /** The typed text these results answer (the box may already hold more). */
  text: string
  query: GlobalQuery
  /** Only collections with a match, in the sidebar's order. */
  groups: FoundGroup[]
  /** Some index is still being read: its matches are not in yet. */
  preparing: boolean
}

const indexes = (db: OutpostDb) => COLLECTION_NAMES.map((collection) => mirrorIndex(db, collection))

/** Starts reading every index, so the first search does not wait for it (a focus of the box calls it). */
export function warmGlobalSearch(db: OutpostDb) {
  for (const index of indexes(db)) index.warm()
}

/** Hears every change of any index (a record added, renamed, deleted, here or in another tab). */
export function subscribeGlobalSearch(db: OutpostDb, listener: () => void) {
  const stops = indexes(db).map((index) => index.subscribe(listener))
  return () => {
    for (const stop of stops) stop()
  }
}

/** Grows whenever any index changes: each index's version only ever grows. */
export const globalSearchVersion = (db: OutpostDb) =>
  indexes(db).reduce((sum, index) => sum + index.getVersion(), 0)

export async function findEverywhere(db: OutpostDb, text: string, perGroup: number): Promise<Found> {
  const query = globalQuery(text)
  if (isBlankQuery(query)) return { text, query, groups: [], preparing: false }
  let preparing = false
  // Every index is asked before anything is awaited, so all groups answer the same moment of the mirror.
  const hits: { collection: CollectionName; total: number; ids: string[] }[] = []
  for (const collection of COLLECTION_NAMES) {
    const index = mirrorIndex(db, collection)
    if (!index.ready) {
      index.warm()
      preparing = true
      continue
    }
    const { total, ids } = index.find(query, perGroup)
    if (total > 0) hits.push({ collection, total, ids })
  }
  const groups = await Promise.all(
    hits.map(async ({ collection, total, ids }) => {
      const rows = await mirrorOf(db, collection).bulkGet(ids)
      // A row deleted since the index last heard: its next version leaves it out.
      return { collection, total, rows: rows.filter((row) => row !== undefined) }
    }),
  )
  return { text, query, groups, preparing }
}
