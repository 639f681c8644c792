/**
 * The contacts list in each engine staff carry, at 100,000 contacts: Chromium,
 * WebKit (Safari's engine: WebKitGTK through WebKitWebDriver) and Gecko
 * (Firefox ESR over WebDriver BiDi), driven by the same EnginePage the
 * cross-engine tests use (tests/e2e/engine-page.ts). One seeded server; each
 * engine on a fresh profile signs in as a user would, and is timed:
 *
 * - the first sync, from "Let's go" until the list (opened in the app, as from
 *   the sidebar) says it holds every contact;
 * - the next page and a two-word search, from the act until the new rows are in
 *   the DOM, in the page itself (rows-change.ts), p50 and p95;
 * - memory: the resident size of the engine's largest content process (what
 *   the tab costs the device), and the JS heap where the engine tells it
 *   (Chromium's performance.memory; WebKit and Gecko expose none to a page).
 *
 * Printed, never asserted, and handed back for BENCHMARKS.md.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { openInApp, shownText, waitForPath } from '../e2e/engine-flows'
import { ENGINES, type EngineName, type EnginePage } from '../e2e/engine-page'
import { openEngine } from '../e2e/open-engine'
import { seededDataDir } from '../e2e/seeded-data-dir'
import { ADMIN, startServer } from '../e2e/server-process'
import { until } from '../e2e/signed-in'
import { type Stat, stat } from './browser-bench'
import { packsLeftIn } from './packs-left'
import { type ListAct, rowsChangeIn } from './rows-change'

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000)
/** Runs per list action: at 40 a p95 is the second slowest run, where at 20 it is the slowest alone. */
const ROUNDS = Number(process.env.BENCH_ENGINE_ROUNDS ?? 40)
const PAUSE_BEFORE_ENTER_MS = 150
const only = process.env.BENCH_ENGINES?.split(',') as EngineName[] | undefined

export interface EngineFigures {
  engine: EngineName
  contacts: number
  firstSync: { seconds: number; perSecond: number }
  next: Stat
  search: Stat
  /** Resident MiB of the engine's largest content process, the list open. */
  contentMiB: number | null
  /** The page's JS heap in MiB, where the engine tells it. */
  heapMiB: number | null
}

/** Clock ticks since boot, the unit of a process's start time in /proc. */
const TICKS_PER_SECOND = 100
const uptimeTicks = () => Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * TICKS_PER_SECOND

/** Whether a process is one of the engine's content (web page) processes. */
const contentProcess: Record<EngineName, (comm: string, cmdline: string) => boolean> = {
  chromium: (_, cmdline) => cmdline.includes('--type=renderer'),
  webkit: (comm) => comm.startsWith('WebKitWebProces'),
  gecko: (_, cmdline) => cmdline.includes('-contentproc') && cmdline.includes('-isForBrowser'),
}

/** The largest resident size among the engine's content processes started since `sinceTicks`, in MiB. */
function largestContentMiB(engine: EngineName, sinceTicks: number): number | null {
  let largest: number | null = null
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const comm = readFileSync(`/proc/${name}/comm`, 'utf8')
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ')
      if (!contentProcess[engine](comm, cmdline)) continue
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const startedAt = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19])
      if (startedAt < sinceTicks) continue
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${name}/status`, 'utf8'))?.[1]
      if (rss) largest = Math.max(largest ?? 0, Number(rss) / 1024)
    } catch {
      // The process ended while being read.
    }
  }
  return largest
}

const heapIn = () => (performance as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? null

const wholeList = (page: EnginePage, ms: number) =>
  until(
    () => shownText(page),
    (text) => text.includes(`of ${CONTACTS} entries`),
    `the list to hold all ${CONTACTS} contacts`,
    ms,
  )

async function rounds(page: EnginePage, acts: ListAct[]) {
  const times: number[] = []
  for (let n = 0; n < ROUNDS; n++) {
    const act = acts[n % acts.length] as ListAct
    times.push((await page.evaluate(rowsChangeIn, { act, pauseBeforeEnter: PAUSE_BEFORE_ENTER_MS })).dom)
  }
  // The first run and the slowest are told apart: one slow first page is not a slow list.
  const first = times[0] ?? 0
  console.log(
    `  ${acts.join(', ')}: first ${first.toFixed(1)} ms, slowest ${Math.max(...times).toFixed(1)} ms`,
  )
  return stat(times)
}

async function benchEngine(engine: EngineName, url: string): Promise<EngineFigures> {
  const since = uptimeTicks()
  const page = await openEngine(engine)
  try {
    await page.goto(`${url}/login`)
    await page.fill('Email', ADMIN.email)
    await page.fill('Password', ADMIN.password)
    const started = Date.now()
    await page.click({ role: 'button', name: "Let's go" })
    await waitForPath(page, (path) => !path.startsWith('/login'), 'the app to leave the login screen', 60_000)
    await until(
      () => page.evaluate(() => document.querySelector('main#main') !== null, null),
      Boolean,
      'the signed-in screen',
      60_000,
    )
    await openInApp(page, '/contacts/list')
    await wholeList(page, 1_800_000)
    const seconds = (Date.now() - started) / 1000
    const firstSync = { seconds, perSecond: Math.round(CONTACTS / seconds) }
    console.log(
      `${engine}: first sync ${seconds.toFixed(1)} s, ${firstSync.perSecond.toLocaleString('en')} records/s`,
    )
    // The rows are moved from packs into their table behind the screens; the list is timed after that.
    const unpacking = Date.now()
    await until(
      () => page.evaluate(packsLeftIn, null),
      (left) => left === 0,
      'the packs unpacked',
      900_000,
    )
    console.log(`${engine}: rows in their table ${((Date.now() - unpacking) / 1000).toFixed(1)} s later`)
    // A returning user's list, loaded afresh; its index is read from the table once it opens.
    await page.goto(`${url}/contacts/list`)
    await wholeList(page, 120_000)
    await new Promise((resolve) => setTimeout(resolve, 3_000))

    const next = await rounds(page, ['next'])
    const search = await rounds(page, ['search:james smi', 'search:oliv harr'])
    const contentMiB = largestContentMiB(engine, since)
    const heap = await page.evaluate(heapIn, null)
    const heapMiB = heap === null ? null : heap / 2 ** 20
    const show = (s: Stat) => `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`
    console.log(
      `${engine}: next page ${show(next)}; two-word search ${show(search)} (${ROUNDS} runs, to the DOM); ` +
        `content process ${contentMiB?.toFixed(0) ?? '?'} MiB resident` +
        (heapMiB === null ? '' : `, JS heap ${heapMiB.toFixed(0)} MiB`),
    )
    return { engine, contacts: CONTACTS, firstSync, next, search, contentMiB, heapMiB }
  } finally {
    // A page that broke may take its browser with it; the error worth telling is the one above.
    await page.close().catch(() => undefined)
  }
}

export async function enginesBench(): Promise<EngineFigures[]> {
  const dataDir = await seededDataDir(CONTACTS)
  const server = await startServer({ DATA_DIR: dataDir })
  const figures: EngineFigures[] = []
  try {
    for (const engine of ENGINES.filter((name) => !only || only.includes(name))) {
      try {
        figures.push(await benchEngine(engine, server.url))
      } catch (error) {
        // One engine failing (not installed, stalled) leaves the others' figures.
        console.error(`${engine}: not measured: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return figures
}
