/**
 * The contacts list in real Chromium at 100,000 contacts (docs/architecture.md: a new
 * page paints within one frame, 16 ms). Seeds a throw-away PGlite, starts the
 * real server on it, signs in, times the first hydrate into IndexedDB, then
 * times list interactions from the click (or Enter in the search box) until
 * the new rows are in the DOM, ready for the next frame's paint; and the top
 * bar's search over every entity, from typing until its results are in the
 * DOM. Printed, never asserted.
 */
import { rmSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { launchBrowser } from '../e2e/chromium'
import { seededDataDir } from '../e2e/seeded-data-dir'
import { startServer } from '../e2e/server-process'
import { signInThroughUi, until } from '../e2e/signed-in'

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000)
const ROUNDS = Number(process.env.BENCH_BROWSER_ROUNDS ?? 15)

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b)
  return `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms (${times.length} runs)`
}

/** Runs `act` in the page and answers the ms until the table's first row reads differently (new rows rendered). */
function timeRowsChange(page: Page, act: 'next' | 'previous' | 'skip' | `search:${string}`) {
  return page.evaluate(
    async ({ act }) => {
      const firstRow = () => document.querySelector('tbody tr')?.textContent ?? ''
      const before = firstRow()
      const changed = new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if (firstRow() !== before) {
            observer.disconnect()
            resolve()
          }
        })
        observer.observe(document.body, { subtree: true, childList: true, characterData: true })
      })
      const buttons = () => [
        ...document.querySelectorAll<HTMLButtonElement>('nav[aria-label="Pagination"] button'),
      ]
      const search = document.querySelector('input[aria-label="Search records"]') as HTMLInputElement
      if (act.startsWith('search:')) {
        // Type the words (the box keeps them), then press Enter, which searches without the typing pause.
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
        setter?.call(search, act.slice('search:'.length))
        search.dispatchEvent(new Event('input', { bubbles: true }))
        await new Promise((resolve) => setTimeout(resolve, 0))
      }
      const started = performance.now()
      if (act === 'next') buttons().at(-1)?.click()
      else if (act === 'previous') buttons().at(0)?.click()
      else if (act === 'skip') buttons().at(-2)?.click()
      else search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
      await changed
      return performance.now() - started
    },
    { act },
  )
}

/**
 * Types `text` into the top bar's search and answers the ms until its first
 * result reads differently (the results for `text` are in the DOM). This
 * includes the box's 100 ms typing pause.
 */
function timeGlobalSearch(page: Page, text: string) {
  return page.evaluate(
    async ({ text }) => {
      const box = document.querySelector('input[aria-label="Search everything"]') as HTMLInputElement
      const firstResult = () => document.querySelector('[role="listbox"] [role="option"]')?.textContent ?? ''
      const before = firstResult()
      const shown = new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if (firstResult() !== before) {
            observer.disconnect()
            resolve()
          }
        })
        observer.observe(document.body, { subtree: true, childList: true, characterData: true })
      })
      box.focus()
      const started = performance.now()
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(box, text)
      box.dispatchEvent(new Event('input', { bubbles: true }))
      const late = new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`no new results for "${text}" within 10 s`)), 10_000),
      )
      await Promise.race([shown, late])
      return performance.now() - started
    },
    { text },
  )
}

export async function browserBench() {
  const seeding = performance.now()
  const dataDir = await seededDataDir(CONTACTS)
  console.log(
    `seeded ${CONTACTS.toLocaleString('en')} contacts in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  )
  const server = await startServer({ DATA_DIR: dataDir })
  const browser = await launchBrowser()
  try {
    const page = await browser.context.newPage()
    // tsx names the functions it compiles with a helper that does not exist inside the page.
    await page.addInitScript('globalThis.__name = (fn) => fn')
    page.on('crash', () => console.error('the page crashed'))
    page.on('pageerror', (error) => console.error('page error:', error))
    const started = Date.now()
    await signInThroughUi(page, server.url)
    await page.goto(`${server.url}/contacts/list`)
    let shown = ''
    await until(
      async () => {
        const text = (await page.locator('main').textContent()) ?? ''
        const footer = /Showing[^·]*/.exec(text)?.[0] ?? ''
        if (footer !== shown) {
          shown = footer
          console.log(`  ${Math.round((Date.now() - started) / 1000)} s: ${footer}`)
        }
        return text
      },
      (text) => text.includes(`of ${CONTACTS} entries`) && !text.includes('still downloading'),
      'the first hydrate',
      600_000,
    )
    const seconds = (Date.now() - started) / 1000
    console.log(
      `hydrate into Chromium's IndexedDB (sign-in to idle): ${seconds.toFixed(1)} s, ${Math.round(CONTACTS / seconds).toLocaleString('en')} records/s`,
    )
    await page.locator('tbody tr').first().waitFor()
    // Chromium's own (non-standard) figure: the whole page's JS heap, list index included.
    const heap = await page.evaluate(
      () =>
        (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
    )
    console.log(`JS heap with the list open after the hydrate: ${(heap / 2 ** 20).toFixed(0)} MiB`)

    const rounds = async (label: string, acts: Parameters<typeof timeRowsChange>[1][]) => {
      const times: number[] = []
      for (let round = 0; round < ROUNDS; round++)
        for (const act of acts) {
          // As a user reads a page before the next click: the last one's background work (the server's copy
          // of the page arriving) is not counted against the next.
          await page.waitForTimeout(300)
          times.push(await timeRowsChange(page, act))
        }
      console.log(`${label}: ${summary(times)}`)
    }
    await rounds('next page (10 rows)', ['next'])
    await rounds('the farthest page button', ['skip'])
    await rounds('previous page', ['previous'])
    await rounds('two-word search, then another', ['search:oliv harr', 'search:james smi'])
    await timeRowsChange(page, 'search:')
    // The first global search also reads the other entities' (small) tables and joins the contacts' texts.
    console.log(`global search, the first: ${(await timeGlobalSearch(page, 'oliv harr')).toFixed(1)} ms`)
    const searchRounds = async (label: string, texts: string[]) => {
      const times: number[] = []
      for (let round = 0; round < ROUNDS; round++)
        for (const text of texts) {
          await page.waitForTimeout(300)
          times.push(await timeGlobalSearch(page, text))
        }
      console.log(`global search, ${label}, typing to results (its 100 ms pause included): ${summary(times)}`)
    }
    await searchRounds('two words', ['james smi', 'oliv harr'])
    // Written as the mirror holds it, and as a digit run in another format.
    await searchRounds('a phone number', ['7946 0123', '7700000124'])
    await page.keyboard.press('Escape')
    await browser.context.setOffline(true)
    await rounds('offline: next page', ['next'])
    await rounds('offline: two-word search, then another', ['search:emma wil', 'search:noah garc'])
  } catch (error) {
    console.error(error)
    throw error
  } finally {
    await browser.close().catch(() => undefined)
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
