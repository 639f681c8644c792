/**
 * Building a field's order (field-order.ts): every entry's position in the
 * order of one field's value, made a step at a time so that it can run in
 * slices between a page's other tasks, or to its end at once, and timed by a
 * performance measure of its own.
 */
import { type SortKey, sortKeyOf } from '../domain/list-order'
import type { Entry } from './index-entries'
import type { Fronts } from './sort-fronts'

/**
 * The name of the performance measure each build ends with, the field's name after it: a long task in the
 * browser's timeline (DevTools) told from the list's own, and timed by the sort bench.
 */
export const FIELD_ORDER_MEASURE = 'outpost list order: '
/** …and the one a column's sort keys end with (sort-keys.ts), the field's name after it. */
export const SORT_KEYS_MEASURE = 'outpost list sort keys: '

/** Two ids, as their text compares (`<`). */
export const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** How many entries' work a build does between two looks at the time it has taken (`orderSteps`). */
const STEP = 512
/** A build sorts runs of this many positions whole, then merges them. */
const RUN = 2048

/**
 * A field's sort keys and the entries' ids, in the index's order: what a build sorts (`keySteps`). Keys
 * made ahead (sort-keys.ts) hold the fronts of each too (sort-fronts.ts; none for a column of numbers).
 */
export interface MadeKeys {
  keys: SortKey[]
  ids: string[]
  fronts?: Fronts | undefined
  idFronts?: Fronts | undefined
}

/** Two sort keys in the order `compareListOrder` gives them, ties not broken: none after every value. */
export const compareSortKeys = (x: SortKey, y: SortKey) =>
  x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1

/** Lower-cased copies remembered while keys are made, at most: a column's repeated values, not every name. */
const COPIES_SHARED = 10_000

/**
 * Every entry's sort key of `field` (`sortKeyOf` of what the list shows) and its id, into flat arrays, in
 * the index's order: made a step at a time, yielding after each STEP entries. A value that repeats (a
 * title, a first name) has one lower-cased copy, shared: at 100,000 contacts of one title, the copies
 * were 3 MB of the keys' 10.
 */
export function* keySteps(field: string, ordered: readonly Entry[]): Generator<void, MadeKeys, void> {
  const count = ordered.length
  const keys: SortKey[] = new Array(count)
  const ids: string[] = new Array(count)
  const copies = new Map<string, SortKey>()
  for (let i = 0; i < count; i++) {
    const entry = ordered[i] as Entry
    const value = entry.shown[field]
    let key = typeof value === 'string' ? copies.get(value) : undefined
    if (key === undefined) {
      key = sortKeyOf(value)
      if (typeof value === 'string' && key !== value && copies.size < COPIES_SHARED) copies.set(value, key)
    }
    keys[i] = key
    ids[i] = entry.id
    if (i % STEP === STEP - 1) yield
  }
  return { keys, ids }
}

/**
 * Two positions of made keys compared: by key (`descending`: turned round), then by id ascending either
 * way, each by its front first when made (sort-fronts.ts), and by its text only when the fronts are the
 * same. Two fronts of no key (both infinite) differ by NaN, which is no difference.
 */
export function keyComparer({ keys, ids, fronts, idFronts }: MadeKeys, descending = false) {
  const sign = descending ? -1 : 1
  const keyFronts = fronts?.values
  const idFront = idFronts?.values
  return (a: number, b: number) => {
    if (keyFronts) {
      const front = (keyFronts[a] as number) - (keyFronts[b] as number)
      if (front) return sign * front
    }
    const order = compareSortKeys(keys[a] as SortKey, keys[b] as SortKey)
    if (order !== 0) return sign * order
    if (idFront) {
      const front = (idFront[a] as number) - (idFront[b] as number)
      if (front) return front
    }
    return compareIds(ids[a] as string, ids[b] as string)
  }
}

/**
 * The positions of `ordered` by `field`'s value (as `compareListOrder` orders the values' sort keys), ties
 * by id: made a step at a time, yielding after each STEP entries' work, and returned when done. Each sort
 * key is made once, into flat arrays (`keySteps`, or `made` when they are made already: sort-keys.ts):
 * the ~1.7 million comparisons at 100,000 then read no entry and compare the keys natively (names in no
 * order: ~165 ms comparing the values as compareShown does, ~90 ms so, the keys made included; Node).
 * Runs of RUN sorted whole, then merged pairwise, a pass at a time.
 */
export function* orderSteps(
  field: string,
  ordered: readonly Entry[],
  made?: MadeKeys,
): Generator<void, Int32Array, void> {
  const count = ordered.length
  const compare = keyComparer(made ?? (yield* keySteps(field, ordered)))
  let from = new Int32Array(count)
  for (let i = 0; i < count; i++) from[i] = i
  for (let start = 0; start < count; start += RUN) {
    from.subarray(start, Math.min(start + RUN, count)).sort(compare)
    yield
  }
  let to = new Int32Array(count)
  for (let width = RUN; width < count; width *= 2) {
    for (let left = 0; left < count; left += 2 * width) {
      const middle = Math.min(left + width, count)
      const right = Math.min(left + 2 * width, count)
      let i = left
      let j = middle
      let k = left
      while (i < middle && j < right) {
        to[k++] =
          compare(from[i] as number, from[j] as number) <= 0 ? (from[i++] as number) : (from[j++] as number)
        if (k % STEP === 0) yield
      }
      to.set(from.subarray(i, middle), k)
      to.set(from.subarray(j, right), k + middle - i)
    }
    ;[from, to] = [to, from]
  }
  return from
}

/**
 * The performance measure of a build that worked `workMs` in all from `start`, in one task or in slices:
 * of an order, or of a column's keys (`SORT_KEYS_MEASURE`).
 */
export function measureBuild(field: string, start: number, workMs: number, name = FIELD_ORDER_MEASURE) {
  try {
    performance.measure(`${name}${field}`, { start, duration: workMs })
  } catch {
    // An older engine: the measure is for DevTools and the benchmarks, nothing depends on it.
  }
}
