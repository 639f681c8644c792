/**
 * One column's order of a list's entries (field-order.ts keeps the few most
 * recently sorted and schedules their builds): the entries' positions in the
 * index's own order, sorted by the field's value, ties by id, in one
 * Int32Array. It follows each change in one pass over the array (each
 * position moved by the entries that left and came before it:
 * `movedPositions`) and places the entries that came by binary search; a
 * page, either way, searched or not, is a slice of it.
 */
import { compareEntries, type Entry } from './index-entries'
import { compareIds, type MadeKeys, measureBuild, orderSteps } from './order-build'
import { compareShown, runEnd, runStart } from './sorted-entries'
import { finish } from './steps'

/** The position of `entry` in `ordered` (the index's order, `compareEntries`). */
export function positionOf(ordered: readonly Entry[], entry: Entry) {
  let low = 0
  let high = ordered.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (compareEntries(ordered[middle] as Entry, entry) < 0) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * Where each position of the order before a change (`before` of them) is now, into `now` (-1: it
 * left, or is placed again): kept entries keep their order among themselves, the removed
 * (`removedAt`) taken out, the added (`addedAt`, new positions, ascending) put in between, and the
 * reshown (`reshownAt`, new positions) taken out to be placed again. The lists are never read past
 * their ends: V8 reads an index past the end slowly, and this runs once per position.
 */
export function movedPositions(
  now: Int32Array,
  before: number,
  removedAt: readonly number[],
  addedAt: number[],
  reshownAt: number[],
) {
  let removed = 0
  let added = 0
  let reshown = 0
  let kept = 0
  let nextRemoved = removedAt.length > 0 ? (removedAt[0] as number) : -1
  for (let at = 0; at < before; at++) {
    if (at === nextRemoved) {
      removed++
      nextRemoved = removed < removedAt.length ? (removedAt[removed] as number) : -1
      now[at] = -1
      continue
    }
    // The kept entry `kept` is at the kept-th position not taken by an entry that came.
    while (added < addedAt.length && (addedAt[added] as number) <= kept + added) added++
    const position = kept + added
    kept++
    while (reshown < reshownAt.length && (reshownAt[reshown] as number) < position) reshown++
    now[at] = reshown < reshownAt.length && reshownAt[reshown] === position ? -1 : position
  }
}

export class FieldOrder {
  /** Positions in `ordered`, by the field's value (compareShown), ties by id; `length` of them used. */
  private at: Int32Array
  private length: number

  constructor(
    private readonly field: string,
    at: Int32Array,
  ) {
    this.at = at
    this.length = at.length
  }

  /** `field`'s order of `ordered`, built now, in one task. */
  static of(field: string, ordered: readonly Entry[], made?: MadeKeys) {
    const started = performance.now()
    const order = new FieldOrder(field, finish(orderSteps(field, ordered, made)))
    measureBuild(field, started, performance.now() - started)
    return order
  }

  private value(ordered: readonly Entry[], i: number) {
    return (ordered[this.at[i] as number] as Entry).shown[this.field]
  }

  /** Two positions of `ordered` in this order. */
  private compare(ordered: readonly Entry[], a: number, b: number) {
    const x = ordered[a] as Entry
    const y = ordered[b] as Entry
    return compareShown(x.shown[this.field], y.shown[this.field]) || compareIds(x.id, y.id)
  }

  /**
   * Follows a change: each position moved (`now`, -1 taking it out), then `placing` (new positions,
   * entries that came or show another value) put in their places, the last first, each found by
   * binary search and the run after it shifted once.
   */
  follow(ordered: readonly Entry[], now: Int32Array, placing: number[]) {
    let kept = 0
    for (let i = 0; i < this.length; i++) {
      const position = now[this.at[i] as number] as number
      if (position >= 0) this.at[kept++] = position
    }
    if (kept + placing.length > this.at.length) {
      const grown = new Int32Array(Math.ceil((kept + placing.length) * 1.25))
      grown.set(this.at.subarray(0, kept))
      this.at = grown
    }
    const sorted = [...placing].sort((a, b) => this.compare(ordered, a, b))
    let end = kept
    for (let j = sorted.length - 1; j >= 0; j--) {
      const position = sorted[j] as number
      let low = 0
      let high = end
      while (low < high) {
        const middle = (low + high) >>> 1
        if (this.compare(ordered, this.at[middle] as number, position) < 0) low = middle + 1
        else high = middle
      }
      this.at.copyWithin(low + j + 1, low, end)
      this.at[low + j] = position
      end = low
    }
    this.length = kept + placing.length
  }

  /**
   * `count` positions of `ordered` from `offset` on in this order (`descending`: the values turned
   * round, ties still by id ascending), among the `members` marked (by position) when given.
   */
  page(
    ordered: readonly Entry[],
    offset: number,
    count: number,
    descending: boolean,
    members: Uint8Array | null,
  ) {
    const taken: number[] = []
    const wanted = (i: number) => members === null || members[this.at[i] as number] === 1
    let skip = offset
    if (!descending) {
      for (let i = members ? 0 : offset, end = this.length; i < end && taken.length < count; i++) {
        if (!wanted(i)) continue
        if (members && skip > 0) skip--
        else taken.push(this.at[i] as number)
      }
      return taken
    }
    // From the last run of equal values back, each run read forwards: ties stay by id ascending.
    let end = this.length
    if (!members) {
      if (offset >= end) return taken
      // Straight to the run holding the entry `offset` places from the end; those after it are skipped whole.
      end = runEnd(end - 1 - offset, end, this.sameAs(ordered, end - 1 - offset))
      skip = offset - (this.length - end)
    }
    while (end > 0 && taken.length < count) {
      let last = end - 1
      while (last >= 0 && !wanted(last)) last--
      if (last < 0) break
      const start = runStart(last, this.sameAs(ordered, last))
      for (let i = start; i <= last && taken.length < count; i++) {
        if (!wanted(i)) continue
        if (skip > 0) skip--
        else taken.push(this.at[i] as number)
      }
      end = start
    }
    return taken
  }

  /** Whether the value at `i` ties with the one at `at` (one run: ties by id ascending either way). */
  private sameAs(ordered: readonly Entry[], i: number) {
    const value = this.value(ordered, i)
    return (at: number) => compareShown(this.value(ordered, at), value) === 0
  }
}
