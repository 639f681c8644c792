/**
 * A list's entries in the order of one field it shows (a column header
 * clicked), kept in step with the index's changes, so that a page in that
 * order, either way, is a slice read from it. Picking page 1 out of 100,000
 * entries costs a pass over them (25–70 ms in Node: each entry's shown value
 * is a read from memory the cache does not hold), over the 16 ms a frame has
 * after the click.
 *
 * The order is held as positions in the index's own order (`ordered`), one
 * Int32Array per field (column-order.ts): 400 KB at 100,000 entries, which the collector never
 * traces, and which a search's matches (positions too) filter as marks in a
 * flat array, reading no entry. A change moves each position by how many
 * entries left and came before it (one pass over the array), and places the
 * entries that came by binary search. Building it is a sort (~100–200 ms at
 * 100,000), made a step at a time (`orderSteps`, order-build.ts), so that it
 * can be built in slices of a few milliseconds between the page's other
 * tasks: ahead of any click, for every column of a list left open a moment
 * (`buildAhead`), and after a first sort that came before it, whose page 1 is
 * picked in one pass (mirror-index.ts) and its order built once that page is
 * painted (`buildLater`). `FieldOrders` keeps the few most recently sorted,
 * and each sortable column's sort keys (sort-keys.ts), made sooner in the
 * same slices (`makeKeysAhead`) for a first sort before its order is built.
 * Their code loads when a list first asks for them: it is not the first
 * screen's (its JavaScript has a budget, tests/e2e/budgets.test.ts).
 */
import { afterNextPaint, type Later } from './after-paint'
import { FieldOrder, movedPositions, positionOf } from './column-order'
import type { Entry } from './index-entries'
import type { OrderChange } from './mirror-entries'
import { type MadeKeys, measureBuild, orderSteps, SORT_KEYS_MEASURE } from './order-build'
import type { SortKeys } from './sort-keys'
import { finish, type InSlices, stepFor } from './steps'

/**
 * Batches changing this many entries or more (a page of a first sync) drop the orders kept, built
 * again on the next sort: placing thousands in each order after each page would cost the download
 * more than one sort costs the next click.
 */
const FOLLOW_BELOW = 500

/** A build under way in slices. */
interface Building extends InSlices<Int32Array> {
  /** Asked for ahead of any click (`buildAhead`), not by a sort that came before it. */
  ahead: boolean
}

/**
 * The orders of the fields sorted most recently, following each change: built when a page is read from
 * one not kept (`page`); in slices after a first sort answered without one (`buildLater`), once that
 * sort's page is painted; and in slices ahead of any sort (`buildAhead`), once the sorts asked for are.
 */
export class FieldOrders {
  private readonly kept = new Map<string, FieldOrder>()
  /** Where each position went in the last change (`movedPositions`), kept: a new one each change cost ~1 ms of it. */
  private moved = new Int32Array(0)
  /** Fields whose order is to be built later, in the order asked for (asked again: moved last). */
  private readonly waiting = new Set<string>()
  /** Fields whose order is to be built ahead, once none waits, first first. */
  private ahead: string[] = []
  /** The build under way, between two slices; null when none is. */
  private building: Building | null = null
  /**
   * Each column's sort keys made ahead (sort-keys.ts), for a first sort before its order is built; null
   * until their code is loaded (`makeKeysAhead`).
   */
  private keys: SortKeys | null
  /** Whether the sort keys' code is being loaded. */
  private keysLoading = false
  /** The fields whose keys were asked for while their code loads: made once it has; null when none are. */
  private keysWanted: readonly string[] | null = null
  /** Fields whose keys are to be made, before any order is built ahead. */
  private keysAhead: string[] = []
  /** The keys being made, between two slices; null when none are. */
  private makingKeys: InSlices<MadeKeys> | null = null
  /** The entries a build later reads, as they are then; null while they are not known. */
  private entries: () => readonly Entry[] | null = () => null
  /** Cancels the slice set to run next; null when none is. */
  private cancelNext: (() => void) | null = null
  /** Settles `built()` once nothing waits. */
  private settle: (() => void) | null = null
  private allBuilt: Promise<void> = Promise.resolve()

  /**
   * At most `most` orders (4 bytes an entry each); the one used longest ago goes first. `later` runs each
   * slice of a build (after the next paint). `keys`, when given, are the sort keys used from the start;
   * else their code is loaded when first asked for.
   */
  constructor(
    private readonly most: number,
    private readonly later: Later = afterNextPaint,
    keys?: SortKeys,
  ) {
    this.keys = keys ?? null
  }

  has(field: string) {
    return this.kept.has(field)
  }

  /** Page `offset`… of `ordered` by `field` (see FieldOrder.page), building its order when not kept. */
  page(
    ordered: readonly Entry[],
    field: string,
    descending: boolean,
    offset: number,
    count: number,
    members: Uint8Array | null,
  ): number[] {
    let order = this.kept.get(field)
    if (!order) {
      // A build of it under way is of these entries (any change since dropped it): finished now.
      const building = this.building
      if (building?.field === field) {
        this.building = null
        const started = performance.now()
        order = new FieldOrder(field, finish(building.steps))
        measureBuild(field, building.started, building.workMs + performance.now() - started)
      } else order = FieldOrder.of(field, ordered, this.keys?.made(field))
      this.ahead = this.ahead.filter((other) => other !== field)
      this.stopWaiting(field)
    }
    this.keep(field, order)
    return order.page(ordered, offset, count, descending, members)
  }

  /**
   * Builds `field`'s order in slices, after the page of the click that asked for it is painted, from the
   * entries as `entries` answers them then; a change before it is done starts it again, from the entries
   * as they are then. At most `most` wait: an older one would only be built to be dropped. A build ahead
   * under way gives way to it.
   */
  buildLater(field: string, entries: () => readonly Entry[] | null) {
    if (this.kept.has(field)) return
    this.entries = entries
    this.waiting.delete(field)
    this.waiting.add(field)
    for (const old of this.waiting) {
      if (this.waiting.size <= this.most) break
      this.waiting.delete(old)
    }
    this.ahead = this.ahead.filter((other) => other !== field)
    // A build ahead under way: of this field, it is now the one asked for; of another, it waits again.
    if (this.building?.ahead) {
      if (this.building.field === field) this.building.ahead = false
      else {
        this.ahead.unshift(this.building.field)
        this.building = null
      }
    }
    this.waitForBuilds()
    this.buildNext()
  }

  /**
   * Builds the orders of `fields` not kept, in slices, once no sort asked for one waits: ahead of their
   * first sort, so that it reads page 1 from the order. No more than `most` are kept, so no more are
   * built. Any change drops what is not built yet: the caller asks again once the entries are still.
   */
  buildAhead(fields: readonly string[], entries: () => readonly Entry[] | null) {
    const wanted = fields.filter(
      (field) => !this.kept.has(field) && !this.waiting.has(field) && this.building?.field !== field,
    )
    this.ahead = wanted.slice(0, Math.max(0, this.most - this.kept.size - this.waiting.size))
    if (this.ahead.length === 0) return
    this.entries = entries
    this.waitForBuilds()
    this.buildNext()
  }

  /**
   * Makes the sort keys of `fields` not made (sort-keys.ts), in slices, before any order built ahead:
   * a pass over the entries each (~10–15 ms at 100,000), where an order is a sort. Any change drops
   * what is not made yet, as for orders ahead.
   */
  makeKeysAhead(fields: readonly string[], entries: () => readonly Entry[] | null) {
    const keys = this.keys
    this.entries = entries
    if (!keys) {
      this.keysWanted = fields
      this.waitForBuilds()
      this.loadKeys()
      return
    }
    this.keysAhead = fields.filter((field) => !keys.has(field) && this.makingKeys?.field !== field)
    if (this.keysAhead.length === 0) return
    this.waitForBuilds()
    this.buildNext()
  }

  /**
   * Loads the sort keys' code, once at a time, after the next frame is painted (`later`): the list asks
   * for its keys as it opens, and their code is not the first screen's (tests/e2e/budgets.test.ts).
   * Then makes the keys still wanted. Should it fail (an update replaced the chunks), a first sort
   * reads the entries, and the next ask tries again.
   */
  private loadKeys() {
    if (this.keysLoading) return
    this.keysLoading = true
    this.later(() =>
      import('./sort-keys').then(
        ({ SortKeys }) => {
          this.keysLoading = false
          this.keys = new SortKeys()
          const wanted = this.keysWanted
          this.keysWanted = null
          if (wanted) this.makeKeysAhead(wanted, this.entries)
          else if (this.idle) this.settled()
        },
        () => {
          this.keysLoading = false
          this.keysWanted = null
          if (this.idle) this.settled()
        },
      ),
    )
  }

  hasKeys(field: string) {
    return this.keys?.has(field) ?? false
  }

  /**
   * The first `upTo` positions by `field` (see SortKeys.first), among a search's `positions` when given,
   * from its keys made ahead; undefined when they are not.
   */
  firstByKeys(field: string, descending: boolean, upTo: number, positions: readonly number[] | null) {
    return this.keys?.first(field, descending, upTo, positions)
  }

  /** Resolves once no order waits to be built, nor keys to be made (tests and benchmarks wait on it). */
  built() {
    return this.allBuilt
  }

  private waitForBuilds() {
    if (!this.settle) this.allBuilt = new Promise((resolve) => (this.settle = resolve))
  }

  /** Whether no slice has work to do. */
  private get noSliceWork() {
    return (
      !this.building &&
      this.waiting.size === 0 &&
      this.ahead.length === 0 &&
      !this.makingKeys &&
      this.keysAhead.length === 0
    )
  }

  /** Whether nothing is to be done: no slice's work, and no keys waiting for their code. */
  private get idle() {
    return this.noSliceWork && this.keysWanted === null
  }

  /** Sets the next slice to run, one at a time, each in a task of its own. */
  private buildNext() {
    if (this.cancelNext) return
    if (this.noSliceWork) {
      // Keys waiting for their code are made once it is loaded (`loadKeys`), which settles then.
      if (this.idle) this.settled()
      return
    }
    this.cancelNext = this.later(() => {
      this.cancelNext = null
      this.slice()
      this.buildNext()
    })
  }

  /**
   * One slice of work, SLICE_MS at most: on the build under way, or on a new one, the field asked for
   * last first, then those ahead.
   */
  private slice() {
    const began = performance.now()
    let building = this.building
    // Keys ahead come before orders ahead (they make a first sort fast sooner), after a sort asked for.
    if (this.keys && !building && this.waiting.size === 0 && (this.makingKeys || this.keysAhead.length > 0)) {
      this.makeKeys(began, this.keys)
      return
    }
    if (!building) {
      const asked = [...this.waiting].pop()
      const field = asked ?? this.ahead.shift()
      const ordered = this.entries()
      // The entries are being read again (the table cleared, the database reopened): nothing to build from.
      if (field === undefined || !ordered) {
        this.cancelBuilds()
        return
      }
      building = {
        field,
        ahead: asked === undefined,
        steps: orderSteps(field, ordered, this.keys?.made(field)),
        started: began,
        workMs: 0,
      }
      this.building = building
    }
    const built = stepFor(building, began)
    if (!built) return
    this.building = null
    this.waiting.delete(building.field)
    measureBuild(building.field, building.started, building.workMs)
    this.keep(building.field, new FieldOrder(building.field, built.value))
  }

  /** One slice of making keys ahead: of the field under way, or of the next one. */
  private makeKeys(began: number, keys: SortKeys) {
    let making = this.makingKeys
    if (!making) {
      const field = this.keysAhead.shift()
      const ordered = this.entries()
      if (field === undefined || !ordered) {
        this.cancelBuilds()
        return
      }
      making = { field, steps: keys.steps(field, ordered), started: began, workMs: 0 }
      this.makingKeys = making
    }
    const made = stepFor(making, began)
    if (!made) return
    this.makingKeys = null
    keys.keep(making.field, made.value)
    measureBuild(making.field, making.started, making.workMs, SORT_KEYS_MEASURE)
  }

  /** `order` kept as the one used last, the one used longest ago going beyond `most`. */
  private keep(field: string, order: FieldOrder) {
    this.kept.delete(field)
    this.kept.set(field, order)
    for (const old of this.kept.keys()) {
      if (this.kept.size <= this.most) break
      this.kept.delete(old)
    }
  }

  /** `field`'s order no longer waits (built now); the slice set to run next goes when nothing else waits. */
  private stopWaiting(field: string) {
    this.waiting.delete(field)
    if (this.idle) this.cancelBuilds()
  }

  private cancelBuilds() {
    this.waiting.clear()
    this.ahead = []
    this.building = null
    this.keysAhead = []
    this.keysWanted = null
    this.makingKeys = null
    this.cancelNext?.()
    this.cancelNext = null
    this.settled()
  }

  private settled() {
    this.settle?.()
    this.settle = null
  }

  /**
   * Follows a batch of changes; `ordered` is the order after it. A build under way was of the entries
   * before it: one asked for starts again (at the next slice), those ahead go.
   */
  follow(ordered: readonly Entry[], change: OrderChange) {
    if (!this.idle) {
      this.building = null
      this.ahead = []
      this.makingKeys = null
      this.keysAhead = []
      this.keysWanted = null
      if (this.idle) this.cancelBuilds()
    }
    const keys = this.keys
    if (this.kept.size === 0 && (keys?.size ?? 0) === 0) return
    const { removedAt, added, reshown } = change
    if (removedAt.length + added.length + reshown.length >= FOLLOW_BELOW) {
      this.forget()
      return
    }
    const ascending = (a: number, b: number) => a - b
    const addedAt = added.map((entry) => positionOf(ordered, entry)).sort(ascending)
    const reshownAt = reshown.map((entry) => positionOf(ordered, entry)).sort(ascending)
    const before = ordered.length - added.length + removedAt.length
    if (this.moved.length < before) this.moved = new Int32Array(Math.ceil(before * 1.25))
    movedPositions(this.moved, before, removedAt, addedAt, reshownAt)
    const placing = [...addedAt, ...reshownAt]
    for (const order of this.kept.values()) order.follow(ordered, this.moved, placing)
    keys?.follow(ordered, this.moved, before, placing)
  }

  /** Every order goes, and every build waiting with them (the entries replaced, the index stopped). */
  forget() {
    this.kept.clear()
    this.keys?.forget()
    this.moved = new Int32Array(0)
    this.cancelBuilds()
  }
}
