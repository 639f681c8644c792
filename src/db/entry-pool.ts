/**
 * One copy of the strings many list-index entries hold alike (mirror-index.ts):
 * each entry's sort key, the values the list shows and the ids its relations
 * point at are swapped for the copy the pool already holds (shared-strings.ts).
 *
 * A change of POOL_LATER_FROM rows or more (a page of a first sync) is pooled
 * once such changes pause, a chunk per task: pooled as they came, 100,000
 * entries cost the page's main thread ~250 ms in the middle of the download,
 * while the sync worker and the server needed the two cores.
 */
import type { Entry } from './index-entries'
import { SharedStrings } from './shared-strings'

export const POOL_LATER_FROM = 500
const POOL_AFTER_MS = 1_000
const POOL_CHUNK = 10_000
/** The sort keys' pool, apart from the shown fields'. */
const SORT_KEY = '\u0000key'
/** The relations' ids, a pool per field: a company's id is held by each of its contacts. */
const LINK = '\u0000link:'

export class EntryPool {
  /** At 100,000 contacts, 8 MiB less heap. */
  private readonly strings = new SharedStrings()
  /** Entries of large changes whose strings are not pooled yet. */
  private waiting: Entry[] = []
  private timer: ReturnType<typeof setTimeout> | undefined

  /** The entry, holding the copy every other entry holds of a repeated sort key or shown value. */
  now(entry: Entry): Entry {
    if (typeof entry.key === 'string') entry.key = this.strings.share(SORT_KEY, entry.key)
    const { shown } = entry
    for (const field of Object.keys(shown)) {
      const value = shown[field]
      if (field !== 'id' && typeof value === 'string') shown[field] = this.strings.share(field, value)
    }
    // Made by entryOf for this entry alone: pooled in place.
    const links = entry.links as Record<string, string> | undefined
    for (const field in links) links[field] = this.strings.share(LINK + field, links[field] as string)
    return entry
  }

  /** Pools `entries` once large changes pause, a chunk per task. */
  later(entries: Entry[]) {
    for (const entry of entries) this.waiting.push(entry)
    clearTimeout(this.timer)
    this.timer = setTimeout(() => this.poolChunk(), POOL_AFTER_MS)
  }

  /** Forgets what waits (the index is dropped). */
  stop() {
    clearTimeout(this.timer)
    this.waiting = []
  }

  private poolChunk() {
    const end = Math.min(this.waiting.length, POOL_CHUNK)
    for (let i = 0; i < end; i++) this.now(this.waiting[i] as Entry)
    this.waiting = this.waiting.slice(end)
    if (this.waiting.length > 0) this.timer = setTimeout(() => this.poolChunk(), 0)
  }
}
