/**
 * A list sorted by a column header on the device (src/db/field-order.ts), printed, never asserted,
 * and handed back for BENCHMARKS.md: the contacts' list index at full size asked for page 1 in an
 * order it does not keep itself. Two sort changes differ: the first sort of a column picks page 1
 * out of every contact in one pass, and the column's order (one sort of every contact) is built
 * after it, in a task of its own; every later one, to a column sorted before, reads that order, kept
 * and following changes. Then page 1 of a one-word search in a new order, and deep pages. Node: the
 * index is in memory, as in a browser.
 */

import type { MirrorIndex } from '../../src/db/mirror-index'
import { FIELD_ORDER_MEASURE } from '../../src/db/order-build'
import { collections } from '../../src/domain/collections'
import type { ListSort } from '../../src/domain/list-order'
import { type Timing, timed } from './timing'

export interface ListSortFigures {
  contacts: number
  /** Page 1 the first time each column is sorted: the click's own cost, its order not built in it. One run a column. */
  firstSort: Timing
  /** Each column's order built after its first sort, in a task of its own (ms, least and most). */
  orderBuilt: { least: number; most: number; columns: number }
  /** Page 1 after a sort change back to a column sorted before (each ask another order). */
  sortBack: Timing
  /** Page 1 of a one-word search in a new order. */
  searched: Timing
  /** Page 5,000 in a new order. */
  deepFirst: Timing
  /** The next deep pages in the same order. */
  deepNext: Timing
  /** Every column's sort keys made ahead, in slices (MirrorIndex.keysAhead), its order not built, on a list index read afresh. */
  keys: {
    /** Page 1 the first time each column is sorted once they are made. One run a column. */
    firstSort: Timing
    /** The longest task while they were made (ms). */
    longestTask: number
    /** From the ask until every column's keys were made (ms). */
    wallMs: number
  }
  /** The orders of every column built ahead, in slices (MirrorIndex.sortAhead), on a list index read afresh. */
  ahead: {
    /** Page 1 the first time each column is sorted once they are built. One run a column. */
    firstSort: Timing
    /** The longest task while they were built (ms), and their work in all (ms). */
    longestTask: number
    workMs: number
    /** From the ask until every order was built (ms). */
    wallMs: number
  }
}

const PAGE = 10
const show = (t: Timing) => `p50 ${t.p50.toFixed(2)} ms, p95 ${t.p95.toFixed(2)} ms (${t.runs} runs)`

/** How long the last build of `field`'s order took (its performance measure). */
function buildOf(field: string) {
  const builds = performance.getEntriesByName(`${FIELD_ORDER_MEASURE}${field}`, 'measure')
  return builds.at(-1)?.duration ?? Number.NaN
}

/** The longest wait between two timers set one after the other while `work` runs: its longest task. */
async function longestTaskDuring(work: Promise<unknown>) {
  let longest = 0
  let done = false
  void work.then(() => (done = true))
  let last = performance.now()
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 0))
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
  }
  return longest
}

/**
 * `index`: the contacts' list index, built. `freshIndex`: another one over the same table, not yet
 * read, for the orders built ahead.
 */
export async function listSortBench(
  index: MirrorIndex,
  freshIndex: () => MirrorIndex,
): Promise<ListSortFigures> {
  const contacts = index.matches('').length
  const { listFields } = collections.contacts
  // Every order a header gives but the index's own: each field the list shows, both ways.
  const sorts: ListSort[] = listFields.flatMap((field) =>
    [false, true].map((descending) => ({ field, descending })),
  )
  const others = sorts.filter((sort) => sort.field !== index.sortField || sort.descending)
  const sortOf = (i: number) => others[i % others.length] as ListSort
  const columns = listFields.filter((field) => field !== index.sortField)
  // The clicks alone: their builds wait for a task of their own, run once every click is timed.
  const firstSort = await timed(columns.length, (i) =>
    index.page('', 0, PAGE, { field: columns[i] as string, descending: false }),
  )
  await index.ordersBuilt()
  const builds = columns.map(buildOf)
  const orderBuilt = { least: Math.min(...builds), most: Math.max(...builds), columns: columns.length }
  const sortBack = await timed(200, (i) => index.page('', 0, PAGE, sortOf(i)))
  const searched = await timed(200, (i) => index.page('first1', 0, PAGE, sortOf(i)))
  const deepOffset = 4_999 * PAGE
  const deepFirst = await timed(20, (i) => index.page('', deepOffset, PAGE, sortOf(i)))
  const deepNext = await timed(200, (i) => index.page('', deepOffset + (i % 50) * PAGE, PAGE, sortOf(19)))
  // As a list open a moment asks first (record-hooks.ts): the keys alone, on an index of its own.
  const keyed = freshIndex()
  keyed.warm()
  await keyed.idle()
  const keysAsked = performance.now()
  keyed.keysAhead()
  const keysLongest = await longestTaskDuring(keyed.ordersBuilt())
  const keysWall = performance.now() - keysAsked
  const keyedFirst = await timed(columns.length, (i) =>
    keyed.page('', 0, PAGE, { field: columns[i] as string, descending: false }),
  )
  keyed.stop()
  const keys = { firstSort: keyedFirst, longestTask: keysLongest, wallMs: keysWall }
  // As a list left still a moment asks (record-hooks.ts), on an index of its own whose orders are none.
  const fresh = freshIndex()
  fresh.warm()
  await fresh.idle()
  const workBefore = columns.map(
    (field) => performance.getEntriesByName(`${FIELD_ORDER_MEASURE}${field}`, 'measure').length,
  )
  const asked = performance.now()
  fresh.sortAhead()
  const longestTask = await longestTaskDuring(fresh.ordersBuilt())
  const wallMs = performance.now() - asked
  const workMs = columns.reduce((sum, field, i) => {
    const builds = performance.getEntriesByName(`${FIELD_ORDER_MEASURE}${field}`, 'measure')
    return sum + builds.slice(workBefore[i]).reduce((one, build) => one + build.duration, 0)
  }, 0)
  const aheadFirst = await timed(columns.length, (i) =>
    fresh.page('', 0, PAGE, { field: columns[i] as string, descending: false }),
  )
  fresh.stop()
  const ahead = { firstSort: aheadFirst, longestTask, workMs, wallMs }

  console.log(`a list sorted by a column at ${contacts} contacts (the list index, in memory):`)
  console.log(`  page 1 the first time each column is sorted (picked in one pass): ${show(firstSort)}`)
  console.log(
    `  each column's order, built after that page in a task of its own: ${orderBuilt.least.toFixed(0)}–${orderBuilt.most.toFixed(0)} ms (${orderBuilt.columns} columns)`,
  )
  console.log(`  page 1 after a sort change back to a column sorted before: ${show(sortBack)}`)
  console.log(`  page 1 of a one-word search in a new order: ${show(searched)}`)
  console.log(`  page 5,000 in a new order: ${show(deepFirst)}`)
  console.log(`  the pages after it in the same order: ${show(deepNext)}`)
  console.log(
    `  every column's sort keys made ahead, in slices: ${keysWall.toFixed(0)} ms from the ask, longest task ${keysLongest.toFixed(1)} ms; then page 1 of each column's first sort: ${show(keyedFirst)}`,
  )
  console.log(
    `  every column's order built ahead, in slices: ${wallMs.toFixed(0)} ms from the ask, ${workMs.toFixed(0)} ms of work, longest task ${longestTask.toFixed(1)} ms; then page 1 of each column's first sort: ${show(aheadFirst)}`,
  )
  return { contacts, firstSort, orderBuilt, sortBack, searched, deepFirst, deepNext, keys, ahead }
}
