/**
 * The records that point at one through a relation (a company's contacts), read from the device:
 * what a delete will unlink, said before it is made. The relations come from the entities'
 * definitions (a field's `relation`), so a new relation is found here without a line of its own.
 *
 * They are found in the pointing collection's list index (mirror-index.ts), which keeps each row's
 * relations and holds the rows still packed after a first sync: reading the table whole took
 * seconds at 100,000 contacts (docs/decisions/010-a-companys-contacts.md). Only the rows found are
 * read, in list order.
 */
import { COLLECTION_NAMES, type CollectionName, collections } from '../domain/collections'
import type { OutpostDb } from './database'
import { mirrorIndex } from './mirror-index'
import { type MirrorRow, mirrorOf } from './tables'

export interface PointingAt {
  collection: CollectionName
  rows: MirrorRow[]
}

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
    const index = mirrorIndex(db, collection)
    index.warm()
    await index.idle()
    // Not built: the database closed under it (signed out). Saying "nothing points at it" would be a guess.
    if (!index.ready) throw new Error(`The ${collection} could not be read.`)
    const ids = index.linkedTo(field, id).map((row) => row.id)
    // A row deleted since the index last heard is left out.
    const rows = (await mirrorOf(db, collection).bulkGet(ids)).filter((row) => row !== undefined)
    if (rows.length) found.push({ collection, rows })
  }
  return found
}
