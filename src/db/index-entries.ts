/**
 * The list index's entries (mirror-index.ts) and the ordered-array work on
 * them: the list's order, placing one entry, and merging two ordered runs.
 */
import { type CollectionName, collections } from '../domain/collections'
import { globalSearchTexts } from '../domain/global-search'
import { compareListOrder, type SortKey, sortKeyOf } from '../domain/list-order'
import { searchableText } from '../domain/search'
import type { MirrorChanges, Written, WrittenEntries } from './mirror-changes'
import { type Signature, signatureOf } from './pair-signature'

/** A row as a list shows it: its id and its collection's `listFields`, nothing else. */
export type ListedRow = { id: string } & Record<string, unknown>

export interface Entry {
  id: string
  /** The sort field as the server orders it (src/domain/list-order.ts). */
  key: SortKey
  text: string
  /** What the top bar's search looks through: the fields folded (src/domain/global-search.ts)… */
  found: string
  /** …and the phone fields' digits. */
  phones: string
  /** What the list shows of the row, so a page paints from memory. Replaced, never changed, when the row is. */
  shown: ListedRow
  /** The pairs of characters `text` holds (pair-signature.ts): a search looks into few texts. */
  pairs: Signature
}

export const compareEntries = (a: Entry, b: Entry) => compareListOrder(a, b)

/** A row's entry in its collection's list index. */
export function entryOf(collection: CollectionName, row: Record<string, unknown> & { id: string }): Entry {
  const spec = collections[collection]
  const global = globalSearchTexts(row, collection)
  const text = searchableText(row, spec.searchFields)
  return {
    id: row.id,
    key: sortKeyOf(row[spec.defaultSort]),
    text,
    found: global.text,
    phones: global.phones,
    shown: listedRow(row, spec.listFields),
    pairs: signatureOf(text),
  }
}

function listedRow(row: Record<string, unknown> & { id: string }, fields: readonly string[]): ListedRow {
  const shown: ListedRow = { id: row.id }
  for (const field of fields) if (row[field] !== undefined) shown[field] = row[field]
  return shown
}

/**
 * The entries of rows as written, made where they were written: the sync worker sends its page
 * these instead of the rows, so the page neither copies a hydrate's rows across nor folds their
 * texts (about 30 to 80 ms of its main thread per page of 2,000).
 */
export function entriesOf(written: Written): WrittenEntries {
  const entries: WrittenEntries = {}
  for (const [collection, rows] of Object.entries(written) as Array<
    [CollectionName, Written[CollectionName]]
  >) {
    if (!rows) continue
    const made = new Map<string, Entry | null>()
    for (const [id, row] of rows) made.set(id, row ? entryOf(collection, { ...row, id }) : null)
    entries[collection] = made
  }
  return entries
}

/**
 * `changes` with each collection's ids in its list order (ids without an entry
 * first), for the page that merges their `entries` into its index: in order,
 * they are merged there without being sorted. The sync worker sorts them, off
 * the page's main thread: a page of a first sync is 2,000 entries in the
 * order they were written, and sorting them cost the page ~3 ms a page.
 */
export function inListOrder(changes: MirrorChanges, entries: WrittenEntries): MirrorChanges {
  const ordered: MirrorChanges = { ...changes }
  for (const [collection, made] of Object.entries(entries) as Array<
    [CollectionName, Map<string, Entry | null>]
  >) {
    const ids = changes[collection]
    if (!Array.isArray(ids)) continue
    ordered[collection] = [...ids].sort((a, b) => {
      const x = made.get(a)
      const y = made.get(b)
      return x && y ? compareEntries(x, y) : (x ? 1 : 0) - (y ? 1 : 0)
    })
  }
  return ordered
}

/** Whether two entries take the same place and are found by the same searches. */
export const sameEntry = (a: Entry, b: Entry) =>
  a.key === b.key && a.text === b.text && a.found === b.found && a.phones === b.phones

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
 * hydrate: 2,000 into up to 100,000) are placed by binary search and the runs
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
