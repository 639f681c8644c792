/** The mirror table of a collection (or of one's own account, `users`), by its name. */
import type { Table } from 'dexie'
import type { MirroredName } from '../domain/collections'
import type { OutpostDb } from './database'

export type MirrorRow = Record<string, unknown> & { id: string; version: number }

export function mirrorOf(db: OutpostDb, collection: MirroredName): Table<MirrorRow, string> {
  return db.table(collection)
}
