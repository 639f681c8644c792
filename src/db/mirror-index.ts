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
 * The entries are kept in step with the table by mirror-entries.ts: read once,
 * on first use, then following every committed change. Until they are ready,
 * readers fall back to querying the table. This file answers the questions
 * over them (a list page, the top bar's search, a company's contacts), and
 * keeps what those answers work out until a change makes it stale.
 */
import { type CollectionName, headerSorts } from '../domain/collections'
import { type GlobalQuery, globalQuery, isBlankQuery, narrows } from '../domain/global-search'
import type { ListSort } from '../domain/list-order'
import type { OutpostDb } from './database'
import { FieldOrders } from './field-order'
import { type Entry, type LinkColumn, type ListedRow, linkColumn } from './index-entries'
import { eachHolding, intersect, type Joined, joinTexts, longestFirst, union } from './joined-text'
import { MirrorEntries } from './mirror-entries'
import { allInOrder, firstInOrder, lastInOrder, PICK_UP_TO } from './sorted-entries'

type GlobalText = 'found' | 'phones'

/**
 * Below one candidate in this many entries, testing each candidate's own text
 * is cheaper than one more pass over all the texts joined.
 */
const TEST_EACH_BELOW = 16

/**
 * A search matching no more than this many entries is sorted from its matches (~1 ms), where no order
 * of the field is kept: building one costs a sort of every entry (~100 ms at 100,000).
 */
const SORT_MATCHES_UP_TO = 5_000

/**
 * The orders of other fields kept at most (field-order.ts): every column of the widest list (the
 * contacts' six) but its own. 400 KB each at 100,000 entries, and 500 KB more for where a change
 * moved each position while any is kept: 2.5 MB at most.
 */
const FIELD_ORDERS = 5

export class MirrorIndex {
  /** The field the entries are ordered by (ascending): the collection's default sort. */
  readonly sortField: string
  readonly stop: () => void
  /** A version bumped whenever what the index answers may have changed (for `useSyncExternalStore`). */
  readonly getVersion: () => number
  readonly subscribe: (listener: () => void) => () => void
  private readonly store: MirrorEntries
  /** The last page of a narrow search read deeper than `PICK_UP_TO` in another order: its matches sorted, kept until a change. */
  private lastSorted: { key: string; entries: Entry[] } | null = null
  /** The entries in the order of the fields sorted lately, following every change. */
  private readonly fieldOrders = new FieldOrders(FIELD_ORDERS)
  /** The entries an order built later reads: none while they are read again (the order about to be replaced). */
  private readonly builtEntries = () => (this.store.ready ? this.ordered : null)
  /** The search texts of every entry joined, per kind, made on the first search after a change. */
  private joinedGlobal: Partial<Record<GlobalText, Joined>> = {}
  /** Each entry's key of a field that tells duplicates, joined, per field, made on the first look after a change. */
  private readonly keyTexts = new Map<string, Joined>()
  /** The last search and the positions of its matches, reused while the user types on. */
  private lastFind: { query: GlobalQuery; positions: number[] } | null = null
  /** Each relation field's links in order (for `linkedTo`), made on the first lookup after a change. */
  private linkColumns = new Map<string, LinkColumn>()

  constructor(
    db: OutpostDb,
    private readonly collection: CollectionName,
  ) {
    this.store = new MirrorEntries(db, collection, {
      stale: () => {
        this.forgetDerived()
        this.fieldOrders.forget()
      },
      moved: (change) => {
        if (change.removedAt.length > 0 || change.added.length > 0) this.forgetDerived()
        this.fieldOrders.follow(this.ordered, change)
      },
      relinked: () => this.linkColumns.clear(),
      // What the list shows of a row may have changed even where its place did not (a title edited).
      changed: () => {
        this.lastSorted = null
      },
    })
    this.sortField = this.store.sortField
    this.stop = () => {
      this.store.stop()
      this.fieldOrders.forget()
    }
    this.getVersion = this.store.getVersion
    this.subscribe = this.store.subscribe
  }

  get ready() {
    return this.store.ready
  }

  /** Starts reading the table, once; readers see `ready` and a new version when it is done. */
  warm() {
    this.store.warm()
  }

  /** Resolves once everything heard so far is applied (tests and benchmarks wait on it). */
  idle() {
    return this.store.idle()
  }

  /** Resolves once the orders asked for are built, ahead or after a first sort's page (tests and benchmarks wait on it). */
  ordersBuilt() {
    return this.fieldOrders.built()
  }

  /**
   * Builds, in slices between the page's other tasks, the order of every column the list sorts by its
   * header but its own (field-order.ts), so that a column's first sort reads page 1 from it rather than picking it out
   * of every entry (a pass of 25–70 ms at 100,000). Asked once the entries are still: a change drops
   * what is not built yet.
   */
  sortAhead() {
    if (!this.store.ready) return
    this.fieldOrders.buildAhead(headerSorts(this.collection), this.builtEntries)
  }

  /**
   * Makes, in slices, every such column's sort keys (sort-keys.ts): asked sooner than `sortAhead`, as
   * they cost a pass over the entries each, not a sort, and make a first sort before its order is built
   * a pass over flat arrays.
   */
  keysAhead() {
    if (!this.store.ready) return
    this.fieldOrders.makeKeysAhead(headerSorts(this.collection), this.builtEntries)
  }

  /** Whether `field`'s sort keys are made and kept (tests and benchmarks look). */
  hasSortKeys(field: string) {
    return this.fieldOrders.hasKeys(field)
  }

  private get ordered() {
    return this.store.ordered
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
    const positions = isBlankQuery(query) ? null : this.positionsOf(query)
    const total = positions ? positions.length : this.ordered.length
    const slice =
      this.fromFieldOrder(positions, offset, count, sort) ??
      this.inOrder(this.matchingEntries(query), search, sort, offset, count)
    return {
      total,
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

  /**
   * The entries whose key of `field` (`keyOf`: a value as duplicates compare it) may be `key`, in list
   * order: one search through every entry's key of the field, a line each. Looking up an email this
   * way reads a tenth of the top bar's joined text (`found`: every field, and two bytes a letter once
   * one name holds a letter such as 'ł'). The caller compares the few found.
   */
  entriesKeyed(field: string, keyOf: (entry: Entry) => string, key: string): Entry[] {
    const entries: Entry[] = []
    eachHolding(this.joinedKeys(field, keyOf), key, (i) => entries.push(this.ordered[i] as Entry))
    return entries
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

  /**
   * The page from the order of `sort`'s field (field-order.ts), the matches of a search (`positions`,
   * null for none) marked by position; null when the index's own order answers, when the search is
   * narrow enough to sort its matches and no order of the field is kept, and when no order of the
   * field is kept yet, the page is near the top and the field's keys are not made: a first sort.
   * Building the order costs a sort of every entry (~100–200 ms at 100,000), 2–3 times the one pass
   * that picks page 1 (`inOrder`), so the click is answered by that pass and the order built after its page is painted, for the next page
   * or the next sort back to this column. The pass reads the column's sort keys when they are made
   * ahead (`keysAhead`), else every entry, here as null, in `inOrder`. A deeper page builds the order
   * at once: sorting every entry is what it would cost otherwise.
   */
  private fromFieldOrder(
    positions: readonly number[] | null,
    offset: number,
    count: number,
    sort: ListSort | undefined,
  ): Entry[] | null {
    if (!sort || sort.field === this.sortField) return null
    if (!this.fieldOrders.has(sort.field)) {
      if (positions && positions.length <= SORT_MATCHES_UP_TO) return null
      if (offset + count <= PICK_UP_TO) {
        this.fieldOrders.buildLater(sort.field, this.builtEntries)
        // Its keys made ahead: page 1 picked from them, else from the entries (`inOrder`).
        const picked = this.fieldOrders.firstByKeys(sort.field, sort.descending, offset + count, positions)
        return picked ? picked.slice(offset).map((position) => this.ordered[position] as Entry) : null
      }
    }
    const { ordered } = this
    let members: Uint8Array | null = null
    if (positions) {
      members = new Uint8Array(ordered.length)
      for (const position of positions) members[position] = 1
    }
    const at = this.fieldOrders.page(ordered, sort.field, sort.descending, offset, count, members)
    return at.map((position) => ordered[position] as Entry)
  }

  /** `count` of `matching` (in the index's order) from `offset` on in `sort`'s (sorted-entries.ts). */
  private inOrder(
    matching: readonly Entry[],
    search: string,
    sort: ListSort | undefined,
    offset: number,
    count: number,
  ): readonly Entry[] {
    if (!sort || (sort.field === this.sortField && !sort.descending))
      return matching.slice(offset, offset + count)
    if (sort.field === this.sortField) return lastInOrder(matching, offset, count)
    if (offset + count <= PICK_UP_TO) return firstInOrder(matching, sort, offset + count).slice(offset)
    const key = `${sort.descending ? '-' : ''}${sort.field}\n${search}`
    if (this.lastSorted?.key !== key) this.lastSorted = { key, entries: allInOrder(matching, sort) }
    return this.lastSorted.entries.slice(offset, offset + count)
  }

  /** Every entry matching `query` in order; all of them for a blank one (a list with no search). */
  private matchingEntries(query: GlobalQuery): readonly Entry[] {
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
    const joined = this.joinedText(kind)
    const hits: number[] = []
    // A query's strings hold no line break: landing in an entry's text means that text holds it.
    eachHolding(joined, string, (i) => hits.push(i))
    return candidates ? intersect(candidates, hits) : hits
  }

  /** The `kind` texts of every entry joined, made now if no search made them since the last change. */
  private joinedText(kind: GlobalText): Joined {
    const joined = this.joinedGlobal[kind] ?? joinTexts(this.ordered, (entry) => entry[kind])
    this.joinedGlobal[kind] = joined
    return joined
  }

  /** Every entry's key of `field`, joined a line each, made now if no look made it since the last change. */
  private joinedKeys(field: string, keyOf: (entry: Entry) => string): Joined {
    const joined = this.keyTexts.get(field) ?? joinTexts(this.ordered, keyOf)
    this.keyTexts.set(field, joined)
    return joined
  }

  /**
   * Joins, ahead of the first look that needs them, the `kinds` of search text and each `keyed` field's
   * keys (at 100,000 contacts a join takes 40-80 ms): a form that looks for duplicates asks once it is
   * painted, so its first look, at the typing's pause, is a search alone. Nothing before the index is
   * built.
   */
  joinAhead(
    kinds: readonly GlobalText[],
    keyed: readonly [field: string, keyOf: (entry: Entry) => string][],
  ) {
    if (!this.store.ready) return
    for (const kind of kinds) this.joinedText(kind)
    for (const [field, keyOf] of keyed) this.joinedKeys(field, keyOf)
  }

  /** Everything worked out from the entries goes: the order was replaced, or the table is no longer known. */
  private forgetDerived() {
    this.lastSorted = null
    this.linkColumns.clear()
    this.joinedGlobal = {}
    this.keyTexts.clear()
    this.lastFind = null
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
