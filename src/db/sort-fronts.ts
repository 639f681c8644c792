/**
 * Each sort key's front as a number, in a flat Float64Array beside the keys (sort-keys.ts, order-build.ts):
 * the first code units past what every key of the column shares, 7 bits each, so that two keys whose
 * fronts differ are told apart by one read from memory that lies in a row, and only keys whose fronts
 * are the same read their strings. A string key is a pointer to text anywhere in the heap: a column's
 * first sort at 100,000 (one pass over the keys) spent 10–19 ms reading them, and more for a column
 * whose values all begin alike ('+44 20 7946 …', 'https://www.linkedin.com/in/…'), which the fronts
 * skip.
 */
import type { SortKey } from '../domain/list-order'
import { finish } from './steps'

/** Code units a front holds: 7 of 7 bits are 49, within the 53 a double holds exactly. */
const UNITS = 7
const DIGIT = 128
/** From this code unit up, a front stops with its greatest digit: the keys' strings then tell them apart. */
const SATURATED = DIGIT - 2

export interface Fronts {
  /** What every string key begins with: the fronts are of what follows. */
  prefix: string
  values: Float64Array
}

/** Yields after this many keys' work. */
const STEP = 2_048

/**
 * The key's front past `skip` code units: each unit below SATURATED as itself plus one, the end of the key
 * as 0 (a key before any longer one it begins), and the first unit from SATURATED up as the greatest digit,
 * which ends the front (the units past it can no longer be compared by number). So a front below another's
 * is of a key before the other's, and equal fronts say nothing. No key (null) sorts after every value.
 */
export function frontOf(key: string | null, skip: number): number {
  if (key === null) return Number.POSITIVE_INFINITY
  let front = 0
  for (let i = 0; i < UNITS; i++) {
    const at = skip + i
    const unit = at < key.length ? key.charCodeAt(at) : -1
    if (unit === -1) return front * DIGIT ** (UNITS - i)
    if (unit >= SATURATED) return (front * DIGIT + DIGIT - 1) * DIGIT ** (UNITS - 1 - i)
    front = front * DIGIT + unit + 1
  }
  return front
}

/** How many of the first `upTo` code units `key` shares with `prefix`. */
function sharedLength(prefix: string, key: string, upTo: number) {
  const length = Math.min(upTo, key.length)
  let i = 0
  while (i < length && prefix.charCodeAt(i) === key.charCodeAt(i)) i++
  return i
}

/**
 * The keys' fronts, a step at a time: what every string key begins with, then each key's front past it.
 * Undefined for a column of numbers, whose keys are compared as they are.
 */
export function* frontSteps(keys: readonly SortKey[]): Generator<void, Fronts | undefined, void> {
  let first: string | undefined
  let shared = 0
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]
    if (typeof key === 'number') return undefined
    if (typeof key === 'string') {
      if (first === undefined) {
        first = key
        shared = key.length
      } else if (shared > 0) shared = sharedLength(first, key, shared)
    }
    if (i % STEP === STEP - 1) yield
  }
  const prefix = (first ?? '').slice(0, shared)
  const values = new Float64Array(keys.length)
  for (let i = 0; i < keys.length; i++) {
    values[i] = frontOf(keys[i] as string | null, shared)
    if (i % STEP === STEP - 1) yield
  }
  return { prefix, values }
}

/**
 * The fronts after a change, of `keys` as they are now: the front at each position before it (`before` of
 * them) goes where `moved` says (-1: it left, or is placed again), and the keys at `placing` have theirs
 * made. A new key that does not begin as every other did has them all made again, past what they share
 * now; a number among them, none.
 */
export function movedFronts(
  fronts: Fronts | undefined,
  keys: readonly SortKey[],
  moved: Int32Array,
  before: number,
  placing: readonly number[],
): Fronts | undefined {
  if (!fronts) return undefined
  for (const at of placing) {
    const key = keys[at] as SortKey
    if (typeof key === 'number') return undefined
    if (typeof key === 'string' && !key.startsWith(fronts.prefix)) return finish(frontSteps(keys))
  }
  const values = new Float64Array(keys.length)
  for (let at = 0; at < before; at++) {
    const now = moved[at] as number
    if (now >= 0) values[now] = fronts.values[at] as number
  }
  const skip = fronts.prefix.length
  for (const at of placing) values[at] = frontOf(keys[at] as string | null, skip)
  return { prefix: fronts.prefix, values }
}
