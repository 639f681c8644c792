/**
 * A list screen's order and search, in memory. IndexedDB cannot answer a page
 * at 100,000 rows within a frame: in Chromium a `count()` alone takes ~100 ms
 * there, skipping to page 1,000 another ~100 ms, and a search has to read and
 * test every row (docs/decisions/004-the-list-index.md wants a new page painted within 16 ms). So each
 * collection keeps, per tab, its ids in the list's order (the server's: the
 * default sort field, ignoring case, empty last, ties by id) beside the
 * folded text and phone digits a search looks through (src/domain/global-search.ts:
 * the list's search and the top bar's are one rule), and the fields the list
 * shows of the row (its collection's `listFields`). A page is then a filter
 * and a slice here, painted in the same task as the click or the Enter that
 * asked for it: no IndexedDB read between (a `bulkGet` of 10 rows alone takes
 * 2–5 ms in Chromium, more on a busy device).
 *
 * It is read from the table once, in chunks, on first use, and follows every
 * committed change afterwards, from this tab or another (mirror-changes.ts).
 * Until it is ready, readers fall back to querying the table.
 */
import { type CollectionName, collections } from '../domain/collections'
import { type GlobalQuery, globalQuery, isBlankQuery, narrows } from '../domain/global-search'
import type { ListSort } from '../domain/list-order'
import { BuiltStore } from './built-store'
import type { OutpostDb } from './database'
import { EntryPool, POOL_LATER_FROM } from './entry-pool'
import {
  compareEntries,
  type Entry,
  entryOf,
  type LinkColumn,
  type ListedRow,
  linkColumn,
  mergeSorted,
  sameEntry,
  sameLinks,
  sameShown,
} from './index-entries'
import { eachHolding, intersect, type Joined, joinTexts, longestFirst, union } from './joined-text'
import { type MirrorChanges, onMirrorChanges } from './mirror-changes'
import { readWholeTable } from './packs'
import { allInOrder, firstInOrder, lastInOrder, PICK_UP_TO } from './sorted-entries'
import { type MirrorRow, mirrorOf } from './tables'

type GlobalText = 'found' | 'phones'

/** The name of the performance measure a build ends with, the collection's name after it (engines-bench.ts). */
const LIST_INDEX_MEASURE = 'outpost list index: '

/** A performance measure from `start` to now, where the runtime has User Timing level 3; never throws. */
function measureSince(name: string, start: number) {
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
/**
 * Below one candidate in this many entries, testing each candidate's own text
 * is cheaper than one more pass over all the texts joined.
 */
const TEST_EACH_BELOW = 16

export class MirrorIndex extends BuiltStore {
  /** The field the entries are ordered by (ascending): the collection's default sort. */
  readonly sortField: string
  private readonly entries = new Map<string, Entry>()
  /** One copy of the names, titles and sort keys many entries hold alike (entry-pool.ts). */
  private readonly pool = new EntryPool()
  /** Every entry in order. Kept in order as changes arrive: sorting 100,000 afresh costs ~150 ms. */
  private ordered: Entry[] = []
  /** The last page read deeper than `PICK_UP_TO` in another order: its matches sorted, kept until a change. */
  private lastSorted: { key: string; entries: Entry[] } | null = null
  /** The search texts of every entry joined, per kind, made on the first search after a change. */
  private joinedGlobal: Partial<Record<GlobalText, Joined>> = {}
  /** The last search and the positions of its matches, reused while the user types on. */
  private lastFind: { query: GlobalQuery; positions: number[] } | null = null
  /** Each relation field's links in order (for `linkedTo`), made on the first lookup after a change. */
  private linkColumns = new Map<string, LinkColumn>()
  /** Changes heard while building, applied when the build ends ('all': read again). */
  private heardWhileBuilding: Set<string> | 'all' = new Set()
  readonly stop: () => void

  constructor(
    private readonly db: OutpostDb,
    private readonly collection: CollectionName,
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

  /** The ids of the entries matching `search` (src/domain/global-search.ts), in order; all for none. */
  matches(search: string): string[] {
    return this.matchingEntries(globalQuery(search)).map((entry) => entry.id)
  }

  /**
   * How many entries match `search`, and `count` of them from `offset` on in the list's order (`sort`,
   * the index's own when not given): their ids, and their rows as the list shows them.
   */
  page(
    search: string,
    offset: number,
    count: number,
    sort?: ListSort,
  ): { total: number; ids: string[]; rows: ListedRow[] } {
    const query = globalQuery(search)
    const matching = this.matchingEntries(query)
    const slice = this.inOrder(matching, search, sort, offset + count).slice(offset, offset + count)
    return {
      total: matching.length,
      ids: slice.map((entry) => entry.id),
      rows: slice.map((entry) => entry.shown),
    }
  }

  /**
   * The rows whose relation `field` points at `id` (a company's contacts), in list order, as the list
   * shows them, from memory, packed rows included: a pass over a column of numbers (`linkColumn`),
   * made once after a change, where reading the table whole took seconds (BENCHMARKS.md). See
   * docs/decisions/010-a-companys-contacts.md for why not an IndexedDB index.
   */
  linkedTo(field: string, id: string): ListedRow[] {
    let links = this.linkColumns.get(field)
    if (!links) {
      links = linkColumn(this.ordered, field)
      this.linkColumns.set(field, links)
    }
    const wanted = links.numbers.get(id)
    if (wanted === undefined) return []
    const rows: ListedRow[] = []
    const { column } = links
    for (let i = 0; i < column.length; i++)
      if (column[i] === wanted) rows.push((this.ordered[i] as Entry).shown)
    return rows
  }

  /** Every entry in list order, until `visit` answers true. */
  forEachEntry(visit: (entry: Entry) => boolean | undefined) {
    for (const entry of this.ordered) if (visit(entry)) return
  }

  /**
   * The entries whose top-bar search text (`found`, folded) or phone digits (`phones`) hold every
   * one of `strings`, in list order: one search through the joined texts each (duplicates.ts checks
   * the few found).
   */
  entriesHolding(kind: GlobalText, strings: string[]): Entry[] {
    let positions: number[] | null = null
    for (const string of longestFirst(strings)) positions = this.holding(kind, string, positions)
    return (positions ?? []).map((position) => this.ordered[position] as Entry)
  }

  /** `matching` (in the index's order) in `sort`'s, as far as `upTo` at least (sorted-entries.ts). */
  private inOrder(matching: Entry[], search: string, sort: ListSort | undefined, upTo: number): Entry[] {
    if (!sort || (sort.field === this.sortField && !sort.descending)) return matching
    if (sort.field === this.sortField) return lastInOrder(matching, upTo)
    if (upTo <= PICK_UP_TO) return firstInOrder(matching, sort, upTo)
    const key = `${sort.descending ? '-' : ''}${sort.field}\n${search}`
    if (this.lastSorted?.key !== key) this.lastSorted = { key, entries: allInOrder(matching, sort) }
    return this.lastSorted.entries
  }

  /** Every entry matching `query` in order; all of them for a blank one (a list with no search). */
  private matchingEntries(query: GlobalQuery): Entry[] {
    if (isBlankQuery(query)) return this.ordered
    return this.positionsOf(query).map((position) => this.ordered[position] as Entry)
  }

  /**
   * The top bar's search: how many entries match (src/domain/global-search.ts)
   * and the ids of the first `count` of them, in list order; none for a blank query.
   */
  find(query: GlobalQuery, count: number): { total: number; ids: string[] } {
    const positions = isBlankQuery(query) ? [] : this.positionsOf(query)
    const ids = positions.slice(0, count).map((position) => (this.ordered[position] as Entry).id)
    return { total: positions.length, ids }
  }

  /**
   * The positions of the entries matching a query that is not blank, ascending. Each required string
   * narrows the candidates in turn, so a query costs a pass or two over the joined texts at most, and
   * less as the user types on.
   */
  private positionsOf(query: GlobalQuery): number[] {
    const last = this.lastFind
    if (last && sameQuery(last.query, query)) return last.positions
    let candidates = last && narrows(last.query, query) ? last.positions : null
    for (const word of longestFirst(query.words)) candidates = this.holding('found', word, candidates)
    if (query.numbers.length > 0) {
      let asTyped = candidates
      for (const number of longestFirst(query.numbers)) asTyped = this.holding('found', number, asTyped)
      const asDigits = query.digits === '' ? [] : this.holding('phones', query.digits, candidates)
      candidates = union(asTyped ?? [], asDigits)
    }
    const positions = candidates ?? []
    this.lastFind = { query, positions }
    return positions
  }

  /** The positions (ascending) of the entries whose `kind` text holds `string`, among `candidates` (null: all). */
  private holding(kind: GlobalText, string: string, candidates: number[] | null): number[] {
    if (candidates && candidates.length * TEST_EACH_BELOW < this.ordered.length)
      return candidates.filter((position) => (this.ordered[position] as Entry)[kind].includes(string))
    let joined = this.joinedGlobal[kind]
    if (!joined) {
      joined = joinTexts(this.ordered, (entry) => entry[kind])
      this.joinedGlobal[kind] = joined
    }
    const hits: number[] = []
    // A query's strings hold no line break: landing in an entry's text means that text holds it.
    eachHolding(joined, string, (i) => hits.push(i))
    return candidates ? intersect(candidates, hits) : hits
  }

  private put(row: MirrorRow) {
    const entry = this.pool.now(entryOf(this.collection, row))
    this.entries.set(row.id, entry)
    return entry
  }

  /** The one place the order is replaced: what was derived from the old one goes with it. */
  private reorder(ordered: Entry[]) {
    this.ordered = ordered
    this.lastSorted = null
    this.linkColumns.clear()
    this.joinedGlobal = {}
    this.lastFind = null
  }

  /** `reordered` false: only values outside the order and the texts changed, and what was derived stays. */
  private changed(reordered = true) {
    // What the list shows of a row may have changed even where its place did not (a title edited).
    this.lastSorted = null
    if (reordered) {
      this.linkColumns.clear()
      this.joinedGlobal = {}
      this.lastFind = null
    }
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
        if (!sameShown(old.shown, entry.shown) || !sameLinks(old.links, entry.links)) {
          const pooled = this.pool.now(entry)
          old.shown = pooled.shown
          // A contact moved to another company keeps its place in the order, not in the link columns.
          if (!sameLinks(old.links, pooled.links)) this.linkColumns.clear()
          old.links = pooled.links
        }
        continue
      }
      if (old) moved.add(id)
      this.entries.set(id, large ? entry : this.pool.now(entry))
      fresh.push(entry)
    }
    if (large) this.pool.later(fresh)
    if (moved.size === 0 && fresh.length === 0) return false
    // A first download only adds: nothing to take out of 100,000 entries.
    const kept = moved.size ? this.ordered.filter((entry) => !moved.has(entry.id)) : this.ordered
    this.reorder(mergeSorted(kept, fresh.sort(compareEntries)))
    return true
  }

  /**
   * The entries of `ids`' rows (null for a row gone), made `MAKE_AT_ONCE` at a
   * time with a pause between, so that a page of a first sync (5,000 rows)
   * does not hold the main thread in one task: typing stays answered. The
   * index itself changes afterwards, at once.
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
      .then(() => (ids.length ? this.reread(ids, written) : false))
      .then(
        (reordered) => this.changed(reordered),
        () => {
          // The rows could not be read (the database closed or reopened under us): the index no
          // longer knows the table. Readers fall back to the table, and the next one builds it again.
          this.state = 'cold'
          this.changed()
        },
      )
    return this.applying
  }
}

const sameQuery = (a: GlobalQuery, b: GlobalQuery) =>
  a.digits === b.digits &&
  a.words.join(' ') === b.words.join(' ') &&
  a.numbers.join(' ') === b.numbers.join(' ')

const indexes = new WeakMap<OutpostDb, Map<CollectionName, MirrorIndex>>()

/** The index of one collection of this database (made on first use). */
export function mirrorIndex(db: OutpostDb, collection: CollectionName): MirrorIndex {
  let byCollection = indexes.get(db)
  if (!byCollection) {
    byCollection = new Map()
    indexes.set(db, byCollection)
  }
  let index = byCollection.get(collection)
  if (!index) {
    index = new MirrorIndex(db, collection)
    byCollection.set(collection, index)
  }
  return index
}

/** Stops following the database's changes and frees the memory (on sign-out). */
export function dropMirrorIndexes(db: OutpostDb) {
  for (const index of indexes.get(db)?.values() ?? []) index.stop()
  indexes.delete(db)
}
