/**
 * A list's entries in an order other than the one the index keeps them in (a
 * column header clicked: another field, or descending), as the server orders
 * them (src/domain/list-order.ts). Sorting 100,000 entries takes ~100 ms, too
 * long for the frame after a click; the first pages only need the first few
 * hundred, which one pass over the entries finds in a few milliseconds. So a
 * page near the top is picked out (`firstInOrder`) and a deeper one sorts
 * everything (`allInOrder`), which the index keeps until the next change.
 */
import { compareListOrder, type ListSort, type SortKey, sortKeyOf } from '../domain/list-order'
import type { Entry } from './index-entries'

/** Pages reaching no further than this are picked out of the entries; deeper ones sort them all. */
export const PICK_UP_TO = 1_000

interface Keyed {
  key: SortKey
  id: string
  entry: Entry
}

const keyOf = (entry: Entry, field: string): SortKey => sortKeyOf(entry.shown[field])

/** The first `upTo` of `entries` in `sort`'s order: one pass, keeping the best `upTo` seen so far in order. */
export function firstInOrder(entries: readonly Entry[], sort: ListSort, upTo: number): Entry[] {
  if (upTo <= 0) return []
  const { field, descending } = sort
  const kept: Keyed[] = []
  // One object reused for every entry tested, so the pass allocates only for the few kept.
  const probe: Keyed = { key: null, id: '', entry: entries[0] as Entry }
  for (const entry of entries) {
    probe.key = keyOf(entry, field)
    probe.id = entry.id
    if (kept.length === upTo && compareListOrder(probe, kept[upTo - 1] as Keyed, descending) >= 0) continue
    // Where it goes among those kept (a binary search), the last one falling off when full.
    let low = 0
    let high = kept.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (compareListOrder(kept[middle] as Keyed, probe, descending) < 0) low = middle + 1
      else high = middle
    }
    kept.splice(low, 0, { key: probe.key, id: probe.id, entry })
    if (kept.length > upTo) kept.pop()
  }
  return kept.map((keyed) => keyed.entry)
}

/** Every entry in `sort`'s order, each entry's key worked out once. */
export function allInOrder(entries: readonly Entry[], sort: ListSort): Entry[] {
  const { field, descending } = sort
  const keyed = entries.map((entry) => ({ key: keyOf(entry, field), id: entry.id, entry }))
  keyed.sort((a, b) => compareListOrder(a, b, descending))
  return keyed.map((one) => one.entry)
}
