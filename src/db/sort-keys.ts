/**
 * Each sortable column's sort keys (`sortKeyOf` of what the list shows) and
 * the entries' ids, in flat arrays in the index's order, made ahead of any
 * click and kept in step with every change (field-order.ts moves them with
 * its orders), so that a column's first sort, before its order is built,
 * picks page 1 in one pass over them (`first`). That pass over the entries
 * themselves reads each entry, its shown row and its value, three reads from
 * memory the cache does not hold: 15–50 ms at 100,000 in Node, over the
 * 16 ms a frame has after the click. Made in a few milliseconds' slices
 * soon after a list opens; each column costs a slot an entry, and a
 * lower-cased copy of each value that has capitals.
 */
import { type SortKey, sortKeyOf } from '../domain/list-order'
import type { Entry } from './index-entries'
import { compareSortKeys, type MadeKeys } from './order-build'
import { firstOf } from './sorted-entries'

export class SortKeys {
  private readonly columns = new Map<string, SortKey[]>()
  /** The entries' ids, in the index's order: shared by every column (they follow the same changes). */
  private ids: string[] = []

  get size() {
    return this.columns.size
  }

  has(field: string) {
    return this.columns.has(field)
  }

  /** `field`'s keys with the ids, as a build of its order takes them (order-build.ts); undefined when not made. */
  made(field: string): MadeKeys | undefined {
    const keys = this.columns.get(field)
    return keys && { keys, ids: this.ids }
  }

  /** Keys made of the entries as they are now (every column kept is of the same entries). */
  keep(field: string, made: MadeKeys) {
    this.columns.set(field, made.keys)
    this.ids = made.ids
  }

  /**
   * Follows a change (field-order.ts, `movedPositions`): the key at each position before it (`before` of
   * them) goes where `moved` says (-1: it left, or is placed again), and the entries at `placing` (new
   * positions) have theirs made. `ordered` is the order after the change.
   */
  follow(ordered: readonly Entry[], moved: Int32Array, before: number, placing: readonly number[]) {
    if (this.columns.size === 0) return
    const move = <T>(from: readonly T[], fill: (entry: Entry) => T) => {
      const to: T[] = new Array(ordered.length)
      for (let at = 0; at < before; at++) {
        const now = moved[at] as number
        if (now >= 0) to[now] = from[at] as T
      }
      for (const at of placing) to[at] = fill(ordered[at] as Entry)
      return to
    }
    for (const [field, keys] of this.columns)
      this.columns.set(
        field,
        move(keys, (entry) => sortKeyOf(entry.shown[field])),
      )
    this.ids = move(this.ids, (entry) => entry.id)
  }

  forget() {
    this.columns.clear()
    this.ids = []
  }

  /**
   * The first `upTo` positions by `field` (`descending`: the keys turned round, ties still by id
   * ascending), among `positions` (a search's matches, ascending) when given; undefined when its keys
   * are not made. One pass (`firstOf`, sorted-entries.ts).
   */
  first(
    field: string,
    descending: boolean,
    upTo: number,
    positions: readonly number[] | null,
  ): number[] | undefined {
    const keys = this.columns.get(field)
    if (!keys) return undefined
    const { ids } = this
    const before = (a: number, b: number) => {
      const order = compareSortKeys(keys[a] as SortKey, keys[b] as SortKey)
      if (order !== 0) return descending ? order > 0 : order < 0
      return (ids[a] as string) < (ids[b] as string)
    }
    const count = positions ? positions.length : keys.length
    const at = positions ? (i: number) => positions[i] as number : (i: number) => i
    // Descending, from the end (see firstOf).
    return firstOf(count, at, before, upTo, descending)
  }
}
