/**
 * A column's first sort in Chromium, on the contacts list at full size: the list opened afresh, then each
 * column's header clicked once, in turn, timed to the new rows in the DOM and to the frame (rows-change.ts).
 * Each click is told by what served it, from the page's performance measures: the column's order built
 * ahead (field-order.ts, once the list is still 1.5 s), its sort keys made ahead (sort-keys.ts, once
 * still 0.3 s), or neither (a pass over every entry). The clicks wait for the keys, so the figure is the
 * one a person meets who sorts a moment after the list appears.
 */
import type { Page } from 'playwright-core'
import { FIELD_ORDER_MEASURE, SORT_KEYS_MEASURE } from '../../src/db/order-build'
import { collections, headerSorts } from '../../src/domain/collections'
import { type Stat, stat } from './browser-bench'
import { rowsChangeIn } from './rows-change'

/** How many times the list is opened afresh, each column's first sort timed once in each. */
const LOADS = 4

export interface FirstSortFigures {
  /** Clicks served from the column's keys, its order not built yet: to the DOM and to the frame. */
  keys: { dom: Stat; frame: Stat }
  /** Clicks whose column's order was built ahead by then. */
  order: { dom: Stat; frame: Stat }
  /** Clicks before the keys were made (a pass over the entries). */
  entries: number
}

/** The columns a header sorts on the contacts list but its own order's, by field and by the label shown. */
const columns = () =>
  headerSorts('contacts').map((field) => ({
    field,
    label: collections.contacts.fields[field]?.label ?? field,
  }))

const measured = (page: Page, name: string) =>
  page.evaluate((name) => performance.getEntriesByName(name, 'measure').length > 0, name)

export async function firstSortBench(page: Page, listUrl: string, total: number): Promise<FirstSortFigures> {
  const served = {
    keys: { dom: [] as number[], frame: [] as number[] },
    order: { dom: [] as number[], frame: [] as number[] },
  }
  let entries = 0
  const sortable = columns()
  for (let load = 0; load < LOADS; load++) {
    await page.goto(listUrl)
    await page.waitForFunction(
      (total) => document.querySelector('main')?.textContent?.includes(`of ${total} entries`),
      total,
      { polling: 'raf', timeout: 60_000 },
    )
    await page.waitForFunction(
      ({ name, fields }) =>
        fields.every((field) => performance.getEntriesByName(`${name}${field}`, 'measure').length > 0),
      { name: SORT_KEYS_MEASURE, fields: sortable.map((column) => column.field) },
      { timeout: 30_000 },
    )
    for (const { field, label } of sortable) {
      const ordered = await measured(page, `${FIELD_ORDER_MEASURE}${field}`)
      const keyed = await measured(page, `${SORT_KEYS_MEASURE}${field}`)
      const timing = await page.evaluate(rowsChangeIn, { act: `sort:${label}` as const, pauseBeforeEnter: 0 })
      if (ordered) {
        served.order.dom.push(timing.dom)
        served.order.frame.push(timing.frame)
      } else if (keyed) {
        served.keys.dom.push(timing.dom)
        served.keys.frame.push(timing.frame)
      } else entries++
      await page.waitForTimeout(150)
    }
    // Back to the list's own order (descending, then the default), which the list remembers. Not timed:
    // a column no contact fills reads the same rows either way.
    const label = sortable.at(-1)?.label as string
    for (let click = 0; click < 2; click++) {
      await page.getByRole('button', { name: label, exact: true }).click()
      await page.waitForTimeout(150)
    }
    // The header marked sorted is the list's own column's again.
    await page.waitForFunction(
      (label) =>
        [...document.querySelectorAll('th[aria-sort]')].every((th) => th.textContent?.trim() !== label),
      label,
    )
  }
  const figures = {
    keys: { dom: stat(served.keys.dom), frame: stat(served.keys.frame) },
    order: { dom: stat(served.order.dom), frame: stat(served.order.frame) },
    entries,
  }
  const show = (s: Stat) => `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms (${s.runs} runs)`
  console.log(
    `a column's first sort, the list opened afresh ${LOADS} times: from its keys, to the DOM ${show(figures.keys.dom)}, to the frame ${show(figures.keys.frame)}; ` +
      `from its order built ahead, to the frame ${show(figures.order.frame)}; before its keys: ${entries}`,
  )
  return figures
}
