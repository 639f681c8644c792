/** The mirror table of a collection (or of one's own account, `users`), by its name. */
import type { Dexie, Table } from 'dexie'
import type { CollectionName, MirroredName } from '../domain/collections'

export type MirrorRow = Record<string, unknown> & { id: string; version: number }

/** Any Dexie will do (the user's database is one): the tables are named after the collections. */
export function mirrorOf(db: Dexie, collection: MirroredName): Table<MirrorRow, string> {
  return db.table(collection)
}

/** Where the first sync keeps rows before they are moved into their tables (packs.ts): a pack's key. */
export type PackKey = [collection: CollectionName, n: number, rows: number]
export interface Pack {
  rows: MirrorRow[]
}
export const PACKS = 'packs'
/** Each pack's ids alone, under the same key: what a context reads to learn where rows are, for a fraction of the pack. */
export const PACK_IDS = 'packIds'
