/**
 * The list index's entries (mirror-index.ts), one a row of the collection's
 * table, in the list's order, kept in step with the table. They are read from
 * it once, in chunks, on first use, and follow every committed change
 * afterwards, from this tab or another (mirror-changes.ts), made from the rows
 * as written where the change carries them. Until they are ready, readers
 * fall back to querying the table.
 *
 * What the queries work out from the entries (the texts joined for a search,
 * the link columns, a page sorted another way) is theirs to keep; the store
 * tells them when a change has made it stale.
 */
import { type CollectionName, collections } from '../domain/collections'
import { BuiltStore } from './built-store'
import type { OutpostDb } from './database'
import { EntryPool, POOL_LATER_FROM } from './entry-pool'
import {
  compareEntries,
  type Entry,
  entryOf,
  mergeSorted,
  sameEntry,
  sameLinks,
  sameShown,
} from './index-entries'
import { type MirrorChanges, onMirrorChanges } from './mirror-changes'
import { readWholeTable } from './packs'
import { type MirrorRow, mirrorOf } from './tables'

/** The name of the performance measure a build ends with, the collection's name after it (engines-bench.ts). */
const LIST_INDEX_MEASURE = 'outpost list index: '

/** A performance measure from `start` to now, where the runtime has User Timing level 3; never throws. */
export function measureSince(name: string, start: number) {
  try {
    performance.measure(name, { start })
  } catch {
    // An older engine: the measure is for DevTools and the benchmarks, nothing depends on it.
  }
}

/** What a change's announcement says of the rows it left, by id (a row missing here is read again). */
type Known = ReadonlyMap<string, MirrorRow | null> | undefined

/** Rows per read while building: small enough to keep each IndexedDB read short. */
const CHUNK = 5_000
/** Entries made in one task when a change names many rows (~3 ms of the page's main thread in Chromium). */
const MAKE_AT_ONCE = 1_000

/** How one batch of changes moved the index's entries (for what follows the order: field-order.ts). */
export interface OrderChange {
  /** Positions, in the order before, of the entries that left it (gone, or moved: they are in `added`), ascending. */
  removedAt: readonly number[]
  /** Entries that came into the order: new ones, or moved ones made again. */
  added: readonly Entry[]
  /** Entries that kept their place but show other values (a title edited): they may move in a field's order. */
  reshown: readonly Entry[]
}

/** What the store tells whoever works things out from its entries, as it happens. */
interface Follower {
  /** Nothing worked out from the entries before holds: the order was replaced, or the table is no longer known. */
  stale(): void
  /**
   * A batch moved entries or changed what they show (`ordered` is already the order after it): what is
   * worked out by position no longer holds where entries left or came, and what follows the order
   * (field-order.ts) follows `change`.
   */
  moved(change: OrderChange): void
  /** An entry kept its place but points at other records (a contact moved to another company). */
  relinked(): void
  /** A batch of changes is applied, and readers are told next: what the list shows of a row may have changed in place. */
  changed(): void
}

export class MirrorEntries extends BuiltStore {
  /** The field the entries are ordered by (ascending): the collection's default sort. */
  readonly sortField: string
  private readonly entries = new Map<string, Entry>()
  /** One copy of the names, titles and sort keys many entries hold alike (entry-pool.ts). */
  private readonly pool = new EntryPool()
  /** Every entry in order. Kept in order as changes arrive: sorting 100,000 afresh costs ~150 ms. */
  private sorted: Entry[] = []
  /** Changes heard while building, applied when the build ends ('all': read again). */
  private heardWhileBuilding: Set<string> | 'all' = new Set()
  readonly stop: () => void

  constructor(
    private readonly db: OutpostDb,
    private readonly collection: CollectionName,
    private readonly follower: Follower,
  ) {
    super()
    this.sortField = collections[collection].defaultSort
    const unsubscribe = onMirrorChanges(db.name, (changes, written) =>
      this.hear(changes, written?.[collection] as Known),
    )
    this.stop = () => {
      unsubscribe()
      this.pool.stop()
    }
  }

  /** Every entry in the list's order; replaced, never changed, when the order changes. */
  get ordered(): readonly Entry[] {
    return this.sorted
  }

  /** Starts reading the table, once; readers see `ready` and a new version when it is done. */
  warm() {
    if (this.state !== 'cold') return
    this.startBuilding(() => this.build())
  }

  /** Resolves once everything heard so far is applied (tests and benchmarks wait on it). */
  async idle() {
    let seen: Promise<void> | undefined
    let built: Promise<void> | undefined
    while (seen !== this.applying || built !== this.built || this.state === 'building') {
      seen = this.applying
      built = this.built
      await built
      await seen
    }
  }

  private put(row: MirrorRow) {
    const entry = this.pool.now(entryOf(this.collection, row))
    this.entries.set(row.id, entry)
    return entry
  }

  /**
   * The one place the order is replaced: what was worked out from the old one goes with it, or, told
   * what moved (`change`), follows it.
   */
  private reorder(ordered: Entry[], change?: OrderChange) {
    this.sorted = ordered
    if (change) this.follower.moved(change)
    else this.follower.stale()
  }

  private changed() {
    this.follower.changed()
    this.version++
    this.tellListeners()
  }

  private async build() {
    const started = performance.now()
    try {
      do {
        this.heardWhileBuilding = new Set()
        this.entries.clear()
        await this.readAll()
        // A table cleared meanwhile: read it again. Single rows: re-read just those.
      } while (this.clearedWhileBuilding())
      this.reorder([...this.entries.values()].sort(compareEntries))
      const heard = [...(this.heardWhileBuilding as Set<string>)]
      this.state = 'ready'
      // Until now a list page was read from the table, which is slow at 100,000 rows (a count alone is
      // 100 ms in Chromium, more in other engines): the build's length, in the browser's own timeline
      // (the DevTools of every engine shows it), and for the benchmarks to wait on (engines-bench.ts).
      measureSince(`${LIST_INDEX_MEASURE}${this.collection}`, started)
      await this.apply(heard)
    } catch {
      // The database closed under us (signed out): nothing to show any more.
      this.state = 'cold'
    }
  }

  private clearedWhileBuilding() {
    return this.heardWhileBuilding === 'all'
  }

  private readAll() {
    return readWholeTable(this.db, this.collection, CHUNK, (rows) => {
      for (const row of rows) this.put(row)
    })
  }

  /**
   * Moves the changed rows' entries to where they now belong: made from the
   * rows as this tab or its sync worker wrote them (`written`), else read again.
   */
  private async reread(changedIds: string[], written: Known) {
    const ids = [...new Set(changedIds)]
    const unknown = written ? ids.filter((id) => !written.has(id)) : ids
    const read = unknown.length ? await mirrorOf(this.db, this.collection).bulkGet(unknown) : []
    const rows = new Map<string, MirrorRow | null>(unknown.map((id, i) => [id, read[i] ?? null]))
    const made = await this.entriesFor(ids, (id) => (rows.has(id) ? rows.get(id) : written?.get(id)))
    // Entries already here move: they leave the order before their new place is found.
    const moved = new Set<string>()
    const fresh: Entry[] = []
    const reshown: Entry[] = []
    const large = ids.length >= POOL_LATER_FROM
    for (const [i, id] of ids.entries()) {
      const entry = made[i] as Entry | null
      const old = this.entries.get(id)
      if (!entry) {
        if (old) moved.add(id)
        this.entries.delete(id)
        continue
      }
      // The same place and the same texts (a list page's rows upserted again, a title edited): the entry
      // stays, and so do the joined texts a search would otherwise rebuild over every row. What the list
      // shows of it may still have changed (the title).
      if (old && sameEntry(old, entry)) {
        const shownChanged = !sameShown(old.shown, entry.shown)
        if (shownChanged || !sameLinks(old.links, entry.links)) {
          if (shownChanged) reshown.push(old)
          const pooled = this.pool.now(entry)
          old.shown = pooled.shown
          // A contact moved to another company keeps its place in the order, not in the link columns.
          if (!sameLinks(old.links, pooled.links)) this.follower.relinked()
          old.links = pooled.links
        }
        continue
      }
      if (old) moved.add(id)
      this.entries.set(id, large ? entry : this.pool.now(entry))
      fresh.push(entry)
    }
    if (large) this.pool.later(fresh)
    if (moved.size === 0 && fresh.length === 0) {
      if (reshown.length > 0) this.follower.moved({ removedAt: [], added: [], reshown })
      return
    }
    // A first download only adds: nothing to take out of 100,000 entries.
    const removedAt: number[] = []
    const kept = moved.size
      ? this.sorted.filter((entry, at) => {
          if (!moved.has(entry.id)) return true
          removedAt.push(at)
          return false
        })
      : this.sorted
    this.reorder(mergeSorted(kept, fresh.sort(compareEntries)), { removedAt, added: fresh, reshown })
  }

  /**
   * The entries of `ids`' rows (null for a row gone), made `MAKE_AT_ONCE` at a
   * time with a pause between, so that a page of a first sync (5,000 rows)
   * does not hold the main thread in one task: typing stays answered. The
   * order itself changes afterwards, at once.
   */
  private async entriesFor(ids: string[], rowOf: (id: string) => MirrorRow | null | undefined) {
    const made: Array<Entry | null> = []
    for (let from = 0; from < ids.length; from += MAKE_AT_ONCE) {
      if (from > 0) await new Promise((resolve) => setTimeout(resolve, 0))
      for (const id of ids.slice(from, from + MAKE_AT_ONCE)) {
        const row = rowOf(id)
        made.push(row ? entryOf(this.collection, row) : null)
      }
    }
    return made
  }

  private hear(all: MirrorChanges, written: Known) {
    const ids = all[this.collection]
    // A write that changed nothing (an update of a missing row) says nothing either.
    if (!ids || ids.length === 0 || this.state === 'cold') return
    if (this.state === 'building') {
      if (ids === 'all' || this.heardWhileBuilding === 'all') this.heardWhileBuilding = 'all'
      else for (const id of ids) this.heardWhileBuilding.add(id)
      return
    }
    if (ids === 'all') {
      this.state = 'cold'
      this.warm()
      return
    }
    void this.apply(ids, written)
  }

  private apply(ids: string[], written?: Known) {
    this.applying = this.applying
      .then(() => (ids.length ? this.reread(ids, written) : undefined))
      .then(
        () => this.changed(),
        () => {
          // The rows could not be read (the database closed or reopened under us): the store no
          // longer knows the table. Readers fall back to the table, and the next one builds it again.
          this.state = 'cold'
          this.follower.stale()
          this.changed()
        },
      )
    return this.applying
  }
}
