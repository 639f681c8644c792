/**
 * What the server remembers about lists (counts.ts, positions.ts, pages.ts):
 * one memory per database object, since tests open many in one process and
 * what one database says means nothing in another; each a Map kept in
 * least-recently-used order, with a cap, so memory does not grow with the
 * number of different lists and searches asked.
 */
import type { Db } from '../db/open'

/** A function giving each database its own Map. */
export function memoryPerDb<T>(): (db: Db) => Map<string, T> {
  const memories = new WeakMap<Db, Map<string, T>>()
  return (db) => {
    let memory = memories.get(db)
    if (!memory) {
      memory = new Map()
      memories.set(db, memory)
    }
    return memory
  }
}

/** Sets `key` as the most recently used, forgetting the least recently used beyond `max`. */
export function setRecent<T>(memory: Map<string, T>, key: string, value: T, max: number) {
  memory.delete(key)
  memory.set(key, value)
  if (memory.size > max) memory.delete(memory.keys().next().value as string)
}
