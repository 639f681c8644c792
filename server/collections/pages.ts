/**
 * Pages of lists and searches, remembered with the table's head (counts.ts):
 * while no write has moved the head, the same page of the same list or search
 * is the same rows, so it is answered after one statement that reads the head
 * alone. Finding the page again, even from where it began (positions.ts),
 * cost PGlite about a millisecond of planning and a walk of the sort index
 * per request.
 *
 * The rows are the database's rows, shared by every answer read from here:
 * nothing downstream changes them (docs.ts makes new objects).
 */
import type { Db } from '../db/open'
import type { Row } from './docs'
import { memoryPerDb, setRecent } from './memory'

interface Kept {
  head: number
  rows: Row[]
}

/** Pages of every list and search a team has open; the least recently used is forgotten first. */
const MAX_PAGES = 200

const memoryOf = memoryPerDb<Kept>()

/** The key of one page of one list or search (its count's key and its order), at an offset and size. */
export const pageKey = (listKey: string, offset: number, limit: number) =>
  `${listKey}\u0000${offset}\u0000${limit}`

/** The rows remembered for `key`, whatever the head (the caller compares it with the table's now). */
export function keptPage(db: Db, key: string): Readonly<Kept> | undefined {
  const memory = memoryOf(db)
  const kept = memory.get(key)
  if (kept) setRecent(memory, key, kept, MAX_PAGES)
  return kept
}

export function keepPage(db: Db, key: string, head: number, rows: Row[]) {
  setRecent(memoryOf(db), key, { head, rows }, MAX_PAGES)
}
