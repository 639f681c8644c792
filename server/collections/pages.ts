/**
 * Pages of lists and searches, remembered with the table's head (counts.ts):
 * while no write has moved the head, the same page of the same list or search
 * is the same rows, so it is answered after one statement that reads the head
 * alone. Finding the page again, even from where it began (positions.ts),
 * cost PGlite about a millisecond of planning and a walk of the sort index
 * per request. A write this process follows carries the pages it left as they
 * were to its new head (carryPages), so a colleague's edit elsewhere in the
 * list does not send every reader of page 1 to find it again.
 *
 * Bounded by size as well as by count: a page of 500 catalog items with long
 * descriptions weighs megabytes, so pages are kept only while small (a list
 * screen's pages are 5 to 50 rows), and the oldest go once all kept pages
 * together pass a budget of characters.
 *
 * The rows are the database's rows, shared by every answer read from here,
 * so they are frozen: nothing downstream may change them (docs.ts makes new
 * objects).
 */
import type { Db } from '../db/open'
import type { Row } from './docs'
import { memoryPerDb } from './memory'

interface Kept {
  head: number
  rows: Row[]
  /** About how many characters the rows hold (`sizeOf`). */
  size: number
}

/** Pages of every list and search a team has open; the least recently used is forgotten first. */
const MAX_PAGES = 200
/** No page larger than this is kept (about 50 contacts' worth is 10,000). */
const MAX_PAGE_SIZE = 100_000
/** All kept pages of one database together (a few MB). */
const MAX_TOTAL_SIZE = 2_000_000

const memoryOf = memoryPerDb<Kept>()
const totals = new WeakMap<Map<string, Kept>, number>()

/** Characters the rows' values hold, about: text by its length, a rich-text document by its JSON's. */
function sizeOf(rows: Row[]) {
  let size = 0
  for (const row of rows) {
    for (const value of Object.values(row)) {
      if (typeof value === 'string') size += value.length
      else if (value !== null && typeof value === 'object' && !(value instanceof Date))
        size += JSON.stringify(value).length
      else size += 8
    }
  }
  return size
}

/** The key of one page of one list or search (its count's key and its order), at an offset and size. */
export const pageKey = (listKey: string, offset: number, limit: number) =>
  `${listKey}\u0000${offset}\u0000${limit}`

/** The rows remembered for `key`, whatever the head (the caller compares it with the table's now). */
export function keptPage(db: Db, key: string): Readonly<Kept> | undefined {
  const memory = memoryOf(db)
  const kept = memory.get(key)
  if (kept) {
    memory.delete(key)
    memory.set(key, kept)
  }
  return kept
}

export function keepPage(db: Db, key: string, head: number, rows: Row[]) {
  const size = sizeOf(rows)
  const memory = memoryOf(db)
  // A read of an older snapshot that ends after a write was followed (carryPages) is not the page now.
  if (size > MAX_PAGE_SIZE || (memory.get(key)?.head ?? -1) > head) return
  for (const row of rows) Object.freeze(row)
  let total = (totals.get(memory) ?? 0) + size - (memory.get(key)?.size ?? 0)
  memory.delete(key)
  memory.set(key, { head, rows, size })
  // The least recently used go first, until both the count and the characters are within bounds.
  for (const [oldest, kept] of memory) {
    if (memory.size <= MAX_PAGES && total <= MAX_TOTAL_SIZE) break
    memory.delete(oldest)
    total -= kept.size
  }
  totals.set(memory, total)
}

/** A kept page of one list, as carryPages shows it. */
export interface KeptPage {
  offset: number
  limit: number
  rows: readonly Row[]
}

/**
 * A write this process followed moved the table's head from `from` to `to` (follow-writes.ts): the pages
 * of `list` kept at `from` that the write left as they were (`unchanged`) are kept at `to`. Without this,
 * every write sent the next readers of every page to find it again, each on its own: under 10 writes/s,
 * five walks of the sort index per write for page 1 of one search on PostgreSQL.
 */
export function carryPages(
  db: Db,
  list: string,
  from: number,
  to: number,
  unchanged: (page: KeptPage) => boolean,
) {
  const prefix = `${list}\u0000`
  for (const [key, kept] of memoryOf(db)) {
    if (kept.head !== from || !key.startsWith(prefix)) continue
    // pageKey's own layout: the list's key, then the offset and the size.
    const [offset, limit, ...rest] = key.slice(prefix.length).split('\u0000').map(Number)
    if (offset === undefined || limit === undefined || rest.length > 0) continue
    if (unchanged({ offset, limit, rows: kept.rows })) kept.head = to
  }
}
