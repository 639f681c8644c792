/** Typed access to the meta table (sync cursor, last successful sync). */
import type { OutpostDb } from './database'

export const META = {
  cursor: 'sync.cursor',
  lastSyncAt: 'sync.lastSyncAt',
  hydrated: 'sync.hydrated',
} as const

export async function readMeta<T>(db: OutpostDb, key: string, fallback: T): Promise<T> {
  const entry = await db.meta.get(key)
  return entry === undefined ? fallback : (entry.value as T)
}

export function writeMeta(db: OutpostDb, key: string, value: unknown) {
  return db.meta.put({ key, value })
}
