/**
 * The list index's entries (mirror-index.ts) and the ordered-array work on
 * them: the list's order, placing one entry, and merging two ordered runs.
 */
import { type CollectionName, collections, perCollection } from '../domain/collections'
import { relatedId } from '../domain/fields'
import { globalSearchFields, globalSearchTexts } from '../domain/global-search'
import { compareListOrder, type SortKey, sortKeyOf } from '../domain/list-order'
import type { MirrorChanges, Written } from './mirror-changes'

/** A row as a list shows it: its id and its collection's `listFields`, nothing else. */
export type ListedRow = { id: string } & Record<string, unknown>

export interface Entry {
  id: string
  /** The sort field as the server orders it (src/domain/list-order.ts). */
  key: SortKey
  /** What a search (the list's and the top bar's) looks through: the fields folded (src/domain/global-search.ts)… */
  found: string
  /** …and the phone fields' digits. */
  phones: string
  /** What the list shows of the row, so a page paints from memory. Replaced, never changed, when the row is. */
  shown: ListedRow
  /**
   * The record each relation field points at, by field (a contact's company id): how a company's
   * contacts are found without reading the table (`MirrorIndex.linkedTo`). Undefined when none is set.
   */
  links: Links | undefined
}

export type Links = Readonly<Record<string, string>>

export const compareEntries = (a: Entry, b: Entry) => compareListOrder(a, b)

/** A row's entry in its collection's list index. */
export function entryOf(collection: CollectionName, row: Record<string, unknown> & { id: string }): Entry {
  const spec = collections[collection]
  const global = globalSearchTexts(row, collection)
  return {
    id: row.id,
    key: sortKeyOf(row[spec.defaultSort]),
    found: global.text,
    phones: global.phones,
    shown: listedRow(row, spec.listFields),
    links: linksOf(row, spec.relations),
  }
}

function linksOf(row: Record<string, unknown>, relations: Readonly<Record<string, string>>) {
  let links: Record<string, string> | undefined
  for (const field in relations) {
    const id = relatedId(row[field])
    if (!id) continue
    links ??= {}
    links[field] = id
  }
  return links
}

/** Each entry's link of one relation field, as a number per record linked (0: none), in the entries' order. */
export interface LinkColumn {
  column: Int32Array
  numbers: Map<string, number>
}

/**
 * The entries' links of `field` as a column of numbers: a lookup then reads 4 bytes an entry in a
 * row, where reading each entry's links read three objects spread over the heap (at 100,000 contacts
 * 20 ms a lookup against well under one in Node: the objects no longer fit the processor's cache).
 */
export function linkColumn(ordered: readonly Entry[], field: string): LinkColumn {
  const numbers = new Map<string, number>()
  const column = new Int32Array(ordered.length)
  for (let i = 0; i < ordered.length; i++) {
    const id = (ordered[i] as Entry).links?.[field]
    if (id === undefined) continue
    let number = numbers.get(id)
    if (number === undefined) {
      number = numbers.size + 1
      numbers.set(id, number)
    }
    column[i] = number
  }
  return { column, numbers }
}

/** Whether two entries point at the same records. */
export function sameLinks(a: Links | undefined, b: Links | undefined) {
  if (a === b) return true
  if (!a || !b) return false
  const fields = Object.keys(a)
  return fields.length === Object.keys(b).length && fields.every((field) => a[field] === b[field])
}

function listedRow(row: Record<string, unknown> & { id: string }, fields: readonly string[]): ListedRow {
  const shown: ListedRow = { id: row.id }
  for (const field of fields) if (row[field] !== undefined) shown[field] = row[field]
  return shown
}

/** Every field `entryOf` reads, per collection: what a row must carry for its entry to be made. */
const ENTRY_FIELDS = perCollection((name) => {
  const spec = collections[name]
  const global = globalSearchFields(name)
  const fields = [
    spec.defaultSort,
    ...spec.listFields,
    ...global.text,
    ...global.phones,
    ...Object.keys(spec.relations),
  ]
  return [...new Set(fields)]
})

/**
 * The rows written, cut to the fields their entries are made of: what the
 * sync worker hands its page, which makes the entries itself. Copied whole,
 * a first sync's rows brought their notes and every other field across for
 * nothing. Made in the worker, the entries brought their texts, shown rows
 * and signatures instead: three times the bytes, and per 2,000 contacts
 * (Node, V8's own cloning) 6.8 ms to receive, where these rows take 1.9 ms
 * to receive and 3.7 ms to make entries of; the worker is spared making and
 * cloning them (7 ms). In a Chromium profile of a first sync, receiving the
 * entries had been the page's largest cost, 0.9 s of 100,000.
 */
export function entryRowsOf(written: Written): Written {
  const cut: Written = {}
  for (const [collection, rows] of Object.entries(written) as Array<
    [CollectionName, Written[CollectionName]]
  >) {
    if (!rows) continue
    const fields = ENTRY_FIELDS[collection]
    const kept = new Map<string, Record<string, unknown> | null>()
    for (const [id, row] of rows) {
      if (!row) {
        kept.set(id, null)
        continue
      }
      const entryRow: Record<string, unknown> = { id }
      for (const field of fields) if (row[field] !== undefined) entryRow[field] = row[field]
      kept.set(id, entryRow)
    }
    cut[collection] = kept
  }
  return cut
}

/**
 * `changes` with each collection's ids in its list order (ids without a row
 * first), for the page that merges the entries of `written` into its index:
 * in order, they are merged there without being sorted. The sync worker
 * sorts them, off the page's main thread: a page of a first sync is
 * thousands of rows in the order they were written, and sorting their entries
 * cost the page ~3 ms per 2,000.
 */
export function inListOrder(changes: MirrorChanges, written: Written): MirrorChanges {
  const ordered: MirrorChanges = { ...changes }
  for (const [collection, rows] of Object.entries(written) as Array<
    [CollectionName, Written[CollectionName]]
  >) {
    const ids = changes[collection]
    if (!rows || !Array.isArray(ids)) continue
    const sortField = collections[collection].defaultSort
    // Each id's place worked out once, and sorted as such: a comparison that looked both rows up cost
    // the worker ~18 ms a page of 5,000.
    const unplaced: string[] = []
    const placed: Array<{ id: string; key: SortKey }> = []
    for (const id of ids) {
      const row = rows.get(id)
      if (row) placed.push({ id, key: sortKeyOf(row[sortField]) })
      else unplaced.push(id)
    }
    placed.sort((a, b) => compareListOrder(a, b))
    ordered[collection] = [...unplaced, ...placed.map((place) => place.id)]
  }
  return ordered
}

/** Whether two entries take the same place and are found by the same searches. */
export const sameEntry = (a: Entry, b: Entry) =>
  a.key === b.key && a.found === b.found && a.phones === b.phones

/** Whether a list shows the two the same (rich text compared by what it holds). */
export function sameShown(a: ListedRow, b: ListedRow) {
  const fields = Object.keys(a)
  if (fields.length !== Object.keys(b).length) return false
  return fields.every((field) => {
    const x = a[field]
    const y = b[field]
    return (
      x === y || (typeof x === 'object' && typeof y === 'object' && JSON.stringify(x) === JSON.stringify(y))
    )
  })
}

/**
 * The first position in `ordered` from `from` on whose entry does not come
 * before `entry`: galloping from `from` (1, 3, 7, … ahead), then a binary
 * search in the last stride. Entries placed in order land a few dozen apart
 * in a hydrate, where a binary search over the rest of the list took 17 steps.
 */
function lowerBound(ordered: Entry[], entry: Entry, from: number) {
  const before = (at: number) => compareEntries(ordered[at] as Entry, entry) < 0
  let low = from
  let stride = 1
  while (low + stride - 1 < ordered.length && before(low + stride - 1)) {
    low += stride
    stride *= 2
  }
  let high = Math.min(low + stride - 1, ordered.length)
  while (low < high) {
    const middle = (low + high) >>> 1
    if (before(middle)) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * Two ordered lists as one. A few entries into many (every page of a
 * hydrate: thousands into up to 100,000) are placed by binary search and the runs
 * between them copied, instead of comparing every entry: merging pass by pass
 * cost 70 ms a page at 100,000 and half the main thread of a hydrate.
 */
export function mergeSorted(a: Entry[], b: Entry[]): Entry[] {
  if (b.length === 0) return a
  // Made at its full length: pushed one by one, 100,000 entries a page cost the page ~3 ms more.
  const merged: Entry[] = new Array(a.length + b.length)
  if (b.length * 16 < a.length) {
    let from = 0
    let k = 0
    for (const entry of b) {
      const at = lowerBound(a, entry, from)
      while (from < at) merged[k++] = a[from++] as Entry
      merged[k++] = entry
    }
    while (from < a.length) merged[k++] = a[from++] as Entry
    return merged
  }
  let i = 0
  let j = 0
  let k = 0
  while (i < a.length && j < b.length)
    merged[k++] = compareEntries(a[i] as Entry, b[j] as Entry) <= 0 ? (a[i++] as Entry) : (b[j++] as Entry)
  while (i < a.length) merged[k++] = a[i++] as Entry
  while (j < b.length) merged[k++] = b[j++] as Entry
  return merged
}
