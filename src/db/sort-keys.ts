/**
 * Each sortable column's sort keys (`sortKeyOf` of what the list shows) and
 * the entries' ids, in flat arrays in the index's order, made ahead of any
 * click and kept in step with every change (field-order.ts moves them with
 * its orders), so that a column's first sort, before its order is built,
 * picks page 1 in one pass over them (`first`). That pass over the entries
 * themselves reads each entry, its shown row and its value, three reads from
 * memory the cache does not hold: 15–50 ms at 100,000 in Node, over the
 * 16 ms a frame has after the click. Made in a few milliseconds' slices
 * soon after a list opens; each column costs a slot an entry, a
 * lower-cased copy of each value that has capitals, and 8 bytes an entry for
 * its fronts (about 800 KB a column at 100,000): a string key is a pointer
 * to somewhere else on the heap, so the pass compares the fronts, numbers
 * side by side in one array, and reads a key only when two fronts tie.
 *
 * This file and sort-fronts.ts are not part of the first screen's JavaScript: field-order.ts loads them
 * when a list first asks for its keys, once it has been still a moment.
 */
import { type SortKey, sortKeyOf } from '../domain/list-order'
import type { Entry } from './index-entries'
import { keyComparer, keySteps, type MadeKeys } from './order-build'
import { type Fronts, frontSteps, movedFronts } from './sort-fronts'
import { firstOf, placeAmong } from './sorted-entries'

/** One column's keys and their fronts (sort-fronts.ts), in the index's order. */
interface ColumnKeys {
  keys: SortKey[]
  fronts: Fronts | undefined
}

export class SortKeys {
  private readonly columns = new Map<string, ColumnKeys>()
  /** The entries' ids and their fronts, in the index's order: shared by every column (they follow the same changes). */
  private ids: string[] = []
  private idFronts: Fronts = { prefix: '', values: new Float64Array(0) }

  get size() {
    return this.columns.size
  }

  has(field: string) {
    return this.columns.has(field)
  }

  /** `field`'s keys with the ids, as a build of its order takes them (order-build.ts); undefined when not made. */
  made(field: string): MadeKeys | undefined {
    const column = this.columns.get(field)
    return column && { ...column, ids: this.ids, idFronts: this.idFronts }
  }

  /** `field`'s keys of `ordered`, with the fronts of each and of the ids, made a step at a time (for `keep`). */
  *steps(field: string, ordered: readonly Entry[]): Generator<void, MadeKeys, void> {
    const { keys, ids } = yield* keySteps(field, ordered)
    const fronts = yield* frontSteps(keys)
    const idFronts = yield* frontSteps(ids)
    return { keys, ids, fronts, idFronts }
  }

  /** Keys made of the entries as they are now (`steps`; every column kept is of the same entries). */
  keep(field: string, made: MadeKeys) {
    this.columns.set(field, { keys: made.keys, fronts: made.fronts })
    this.ids = made.ids
    this.idFronts = made.idFronts as Fronts
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
    for (const [field, { keys, fronts }] of this.columns) {
      const movedKeys = move(keys, (entry) => sortKeyOf(entry.shown[field]))
      this.columns.set(field, {
        keys: movedKeys,
        fronts: movedFronts(fronts, movedKeys, moved, before, placing),
      })
    }
    this.ids = move(this.ids, (entry) => entry.id)
    this.idFronts = movedFronts(this.idFronts, this.ids, moved, before, placing) as Fronts
  }

  forget() {
    this.columns.clear()
    this.ids = []
    this.idFronts = { prefix: '', values: new Float64Array(0) }
  }

  /**
   * The first `upTo` positions by `field` (`descending`: the keys turned round, ties still by id
   * ascending), among `positions` (a search's matches, ascending) when given; undefined when its keys
   * are not made. One pass keeping the best met so far, as `firstOf` (sorted-entries.ts) does, each
   * position turned away by its front alone when the worst kept's is before it: a loop over numbers in
   * a row, with no call, which is fast even the first time it runs (a list's first sort after a load
   * met it cold, and a pass calling a comparison for each of 100,000 positions took 10 ms more then).
   */
  first(
    field: string,
    descending: boolean,
    upTo: number,
    positions: readonly number[] | null,
  ): number[] | undefined {
    const made = this.made(field)
    if (!made) return undefined
    const compare = keyComparer(made, descending)
    const before = (a: number, b: number) => compare(a, b) < 0
    const count = positions ? positions.length : made.keys.length
    const fronts = made.fronts?.values
    if (!fronts) {
      const at = positions ? (i: number) => positions[i] as number : (i: number) => i
      // Descending, from the end (see firstOf).
      return firstOf(count, at, before, upTo, descending)
    }
    const kept: number[] = []
    if (upTo <= 0) return kept
    // The worst kept's front, once `upTo` are kept: a position whose front is past it comes after it.
    let worst = descending ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY
    for (let i = 0; i < count; i++) {
      const n = descending ? count - 1 - i : i
      const at = positions ? (positions[n] as number) : n
      if (kept.length === upTo) {
        const front = fronts[at] as number
        if (descending ? front < worst : front > worst) continue
        if (!before(at, kept[upTo - 1] as number)) continue
      }
      placeAmong(kept, at, before, upTo)
      if (kept.length === upTo) worst = fronts[kept[upTo - 1] as number] as number
    }
    return kept
  }
}
