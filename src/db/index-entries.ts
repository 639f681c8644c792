/**
 * The list index's entries (mirror-index.ts) and the ordered-array work on
 * them: the list's order, placing one entry, and merging two ordered runs.
 */
import { compareListOrder, type SortKey } from '../domain/list-order'

export interface Entry {
  id: string
  /** The sort field as the server orders it (src/domain/list-order.ts). */
  key: SortKey
  text: string
  /** What the top bar's search looks through: the fields folded (src/domain/global-search.ts)… */
  found: string
  /** …and the phone fields' digits. */
  phones: string
}

export const compareEntries = (a: Entry, b: Entry) => compareListOrder(a, b)

export const sameEntry = (a: Entry, b: Entry) =>
  a.key === b.key && a.text === b.text && a.found === b.found && a.phones === b.phones

/** The first position in `ordered` from `from` on whose entry does not come before `entry`. */
function lowerBound(ordered: Entry[], entry: Entry, from: number) {
  let low = from
  let high = ordered.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (compareEntries(ordered[middle] as Entry, entry) < 0) low = middle + 1
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
  if (b.length * 16 < a.length) {
    const merged: Entry[] = []
    let from = 0
    for (const entry of b) {
      const at = lowerBound(a, entry, from)
      for (let i = from; i < at; i++) merged.push(a[i] as Entry)
      merged.push(entry)
      from = at
    }
    for (let i = from; i < a.length; i++) merged.push(a[i] as Entry)
    return merged
  }
  const merged: Entry[] = new Array(a.length + b.length)
  let i = 0
  let j = 0
  let k = 0
  while (i < a.length && j < b.length)
    merged[k++] = compareEntries(a[i] as Entry, b[j] as Entry) <= 0 ? (a[i++] as Entry) : (b[j++] as Entry)
  while (i < a.length) merged[k++] = a[i++] as Entry
  while (j < b.length) merged[k++] = b[j++] as Entry
  return merged
}
