/** The mirror table of a collection, by its name. */
import type { Table } from 'dexie'
import type { CollectionName } from '../domain/collections'
import type { OutpostDb } from './database'

export type MirrorRow = Record<string, unknown> & { id: string; version: number }

export function mirrorOf(db: OutpostDb, collection: CollectionName): Table<MirrorRow, string> {
  return db.table(collection)
}
