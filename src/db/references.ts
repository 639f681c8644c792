/**
 * The records that point at one through a relation (a company's contacts), read from the device:
 * what a delete will unlink, said before it is made. The relations come from the entities'
 * definitions (a field's `relation`), so a new relation is found here without a line of its own.
 */
import { COLLECTION_NAMES, type CollectionName, collections } from '../domain/collections'
import type { OutpostDb } from './database'
import { readWholeTable } from './packs'
import type { MirrorRow } from './tables'

export interface PointingAt {
  collection: CollectionName
  rows: MirrorRow[]
}

const CHUNK = 2_000

/** Every (collection, field) whose relation points at `target`. */
function pointers(target: CollectionName) {
  return COLLECTION_NAMES.flatMap((collection) =>
    Object.entries(collections[collection].fields)
      .filter(([, field]) => field.relation?.collection === target)
      .map(([field]) => ({ collection, field })),
  )
}

export async function pointingAt(db: OutpostDb, target: CollectionName, id: string): Promise<PointingAt[]> {
  const found: PointingAt[] = []
  for (const { collection, field } of pointers(target)) {
    const rows: MirrorRow[] = []
    await readWholeTable(db, collection, CHUNK, (chunk) => {
      for (const row of chunk) if ((row[field] as { value?: unknown } | null)?.value === id) rows.push(row)
    })
    if (rows.length) found.push({ collection, rows })
  }
  return found
}
