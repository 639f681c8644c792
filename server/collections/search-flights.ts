/**
 * One whole search at a time for each page of a search. When a write has
 * moved the table, every reader of a busy search misses what was remembered
 * at once, and each would find all the matches again: ten readers of a
 * last-name search on two cores made ten 20 ms searches, 130 ms each.
 * Instead, a request that asks for a page being searched waits for that
 * search and shares its answer.
 *
 * Only when the answer is as new as the table the request found: the request
 * reads the table's head (counts.ts) while it waits, and takes the answer
 * when its snapshot's head is at least that. The head moves at every commit
 * and never back, so that answer is the table as it stood at some moment
 * after the request arrived, as if the request had searched itself. Else it
 * searches itself.
 */
import type { Db } from '../db/open'
import type { Row } from './docs'
import { memoryPerDb } from './memory'

export interface Found {
  rows: Row[]
  total: number
  /** The table's head in the search's snapshot; undefined for a table without one. */
  head: number | undefined
}

/** The searches running, by page (pages.ts' key). Each leaves when it ends. */
const runningOf = memoryPerDb<Promise<Found>>()

/**
 * `search()`'s answer, or that of the same page's search already running when it is as new as
 * `headNow()` says the table is.
 */
export async function sharedSearch(
  db: Db,
  page: string,
  headNow: () => Promise<number | undefined>,
  search: () => Promise<Found>,
): Promise<Found> {
  const running = runningOf(db)
  const other = running.get(page)
  if (other) {
    const [found, head] = await Promise.all([other.catch(() => undefined), headNow()])
    if (found?.head !== undefined && head !== undefined && found.head >= head) return found
  }
  const mine = search()
  running.set(page, mine)
  try {
    return await mine
  } finally {
    if (running.get(page) === mine) running.delete(page)
  }
}
