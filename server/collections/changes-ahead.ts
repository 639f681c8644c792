/**
 * The change feed's next page, read while the client takes in this one. A
 * first sync asks for page after page, and each request waits on the answer
 * before it for its cursor, so the server sat idle while the client parsed and
 * stored a page: about a third of each page's time in Chromium.
 *
 * Serving a page read a moment earlier is safe: any page read from one
 * snapshot is a right answer later too, since a cursor never moves past a row
 * that can still appear (db/write.ts), so it is as if the answer had been
 * slow on the network. A page read ahead that failed is read again, and one
 * nobody asks for is dropped after a few seconds.
 */
import type { Db } from '../db/open'
import { type FeedPage, readChanges } from './changes'

/** How long a page read ahead waits for its request. */
const KEEP_MS = 10_000
/** Pages read ahead per database at most: a few devices on their first sync at once. */
const MAX_AHEAD = 8

interface Ahead {
  page: Promise<FeedPage | null>
  at: number
}

const aheadOf = new WeakMap<Db, Map<string, Ahead>>()

function pagesAhead(db: Db) {
  let pages = aheadOf.get(db)
  if (!pages) {
    pages = new Map()
    aheadOf.set(db, pages)
  }
  return pages
}

const keyOf = (since: number, limit: number) => `${since}:${limit}`

function take(db: Db, since: number, limit: number, now: number) {
  const pages = pagesAhead(db)
  for (const [key, ahead] of pages) if (now - ahead.at > KEEP_MS) pages.delete(key)
  const key = keyOf(since, limit)
  const ahead = pages.get(key)
  pages.delete(key)
  return ahead?.page
}

function readAhead(db: Db, since: number, limit: number, now: number) {
  const pages = pagesAhead(db)
  const key = keyOf(since, limit)
  if (pages.has(key)) return
  if (pages.size >= MAX_AHEAD) pages.delete(pages.keys().next().value as string)
  // A failure is not kept: the request reads again, and answers what holds then.
  pages.set(key, { page: readChanges(db, since, limit).catch(() => null), at: now })
}

/** One page of the feed (as `readChanges`), and the next one read ahead when there is more. */
export async function readChangesAhead(
  db: Db,
  since: number,
  limit: number,
  now = Date.now(),
): Promise<FeedPage> {
  const page = (await take(db, since, limit, now)) ?? (await readChanges(db, since, limit))
  // After this answer is on its way: PGlite reads on this thread, and would hold the answer back.
  if (page.hasMore) setImmediate(() => readAhead(db, page.cursor, limit, now))
  return page
}
