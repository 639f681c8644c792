/**
 * Many records at once, at 100,000 contacts, in the built app as staff use it (Chromium unless
 * BENCH_BULK_ENGINES names others): every contact one email domain's search matches (20,000, a fifth
 * of the seeded contacts) selected by 'Select all', then
 * - 'Edit selected' sets their title, and 'Undo' puts each back;
 * - 'Delete selected' deletes them;
 * each timed offline in the page, from the click that confirms to its notice in the DOM: the device's
 * write of every record and its queued change, in one transaction. Then, back online, how long the sync
 * takes to send what they queued (in batches: src/sync/push.ts) until the outbox is empty.
 * Printed, never asserted.
 */

import { rmSync } from 'node:fs'
import { openInApp, shownText, signIn, waitForText } from '../e2e/engine-flows'
import type { EngineName, EnginePage } from '../e2e/engine-page'
import { networkSwitch } from '../e2e/network-switch'
import { openEngine } from '../e2e/open-engine'
import { seededDataDir } from '../e2e/seeded-data-dir'
import { startServer } from '../e2e/server-process'
import { until } from '../e2e/signed-in'
import { storeCountIn } from '../e2e/store-count'

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000)
const ENGINES = (process.env.BENCH_BULK_ENGINES?.split(',') ?? ['chromium']) as EngineName[]
/** One of the seeded emails' five domains (tests/bench/server-bench-data.ts): a fifth of the contacts. */
const SEARCH = 'northwind'
const SELECTED = CONTACTS / 5

/**
 * In the page: from the next click on the button named `button` until `text` is in the DOM, in ms
 * (performance.now()), kept in `__bulkTiming` for `timedIn` to read.
 */
function timeFromClickIn({ button, text }: { button: string; text: string }) {
  const timing: { clicked?: number; shown?: number } = {}
  ;(globalThis as unknown as { __bulkTiming: typeof timing }).__bulkTiming = timing
  const onClick = (event: Event) => {
    const clicked = (event.target as Element | null)?.closest('button')
    if (clicked?.textContent?.trim() !== button) return
    timing.clicked = performance.now()
    document.removeEventListener('click', onClick, true)
    const seen = () => document.body.textContent?.includes(text) ?? false
    new MutationObserver((_, observer) => {
      if (!seen()) return
      timing.shown = performance.now()
      observer.disconnect()
    }).observe(document.body, { childList: true, subtree: true, characterData: true })
  }
  document.addEventListener('click', onClick, true)
}

const timedIn = () => {
  const { clicked, shown } = (globalThis as unknown as { __bulkTiming: { clicked?: number; shown?: number } })
    .__bulkTiming
  return clicked !== undefined && shown !== undefined ? shown - clicked : null
}

/** Clicks `confirm` (after `open`, which asks the question, and `fill`), answers the ms until `text` showed. */
async function timed(
  page: EnginePage,
  act: { open?: string; fill?: [string, string]; confirm: string; text: string },
) {
  if (act.open) await page.click({ role: 'button', name: act.open })
  if (act.fill) await page.fill(...act.fill)
  await page.evaluate(timeFromClickIn, { button: act.confirm, text: act.text })
  await page.click({ role: 'button', name: act.confirm })
  const ms = await until(
    () => page.evaluate(timedIn, null),
    (ms) => ms !== null,
    `"${act.text}"`,
    120_000,
  )
  return ms ?? 0
}

async function benchEngine(engine: EngineName, server: string) {
  // Offline while the selection is written, so that the figures are the device's alone: online, the
  // sync sends the first edits while the undo is written, and the two take turns at IndexedDB.
  const network = await networkSwitch(server)
  const page = await openEngine(engine)
  try {
    await signIn(page, network.url)
    await openInApp(page, '/contacts/list')
    await until(
      () => shownText(page),
      (text) => text.includes(`of ${CONTACTS} entries`),
      'every contact',
      1_800_000,
    )
    await until(
      () => page.evaluate(storeCountIn, 'packs'),
      (left) => left === 0,
      'the packs unpacked',
      900_000,
    )
    await page.fill('Search records', SEARCH)
    await until(
      () => shownText(page),
      (text) => text.includes(`of ${SELECTED} entries`),
      `${SELECTED} matches`,
      60_000,
    )
    await page.click({ label: 'Select this page' })
    const all = `Select all ${SELECTED.toLocaleString('en')} contacts`
    await page.click({ role: 'button', name: all })
    await waitForText(page, `${SELECTED.toLocaleString('en')} selected`, 60_000)
    const n = SELECTED.toLocaleString('en')
    network.cut()

    const edit = await timed(page, {
      open: 'Edit selected',
      fill: ['Title', 'Regional Lead'],
      confirm: `Set for ${n} contacts`,
      text: 'have been updated successfully.',
    })
    const undo = await timed(page, { confirm: 'Undo', text: 'are as before.' })
    const remove = await timed(page, {
      open: 'Delete selected',
      confirm: 'Yes, delete!',
      text: 'have been deleted.',
    })
    network.restore()
    const sending = Date.now()
    await until(
      () => page.evaluate(storeCountIn, 'outbox'),
      (left) => left === 0,
      'the outbox sent',
      900_000,
    )
    const sentSeconds = (Date.now() - sending) / 1000
    console.log(
      `${engine}, ${n} of ${CONTACTS.toLocaleString('en')} contacts selected: title set in ${(edit / 1000).toFixed(2)} s, ` +
        `undone in ${(undo / 1000).toFixed(2)} s, deleted in ${(remove / 1000).toFixed(2)} s (click to notice); ` +
        `what they queued sent in ${sentSeconds.toFixed(1)} s once back online`,
    )
  } finally {
    await page.close().catch(() => undefined)
    await network.close()
  }
}

export async function bulkBench() {
  const dataDir = await seededDataDir(CONTACTS)
  const server = await startServer({ DATA_DIR: dataDir })
  try {
    for (const engine of ENGINES) await benchEngine(engine, server.url)
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
