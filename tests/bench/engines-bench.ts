/**
 * The contacts list in each engine staff carry, at 100,000 contacts: Chromium,
 * WebKit (Safari's engine: WebKitGTK through WebKitWebDriver) and Gecko
 * (Firefox ESR over WebDriver BiDi), driven by the same EnginePage the
 * cross-engine tests use (tests/e2e/engine-page.ts). One seeded server; each
 * engine on a fresh profile signs in as a user would, and is timed:
 *
 * - the first sync, from "Let's go" until the list (opened in the app, as from
 *   the sidebar) says it holds every contact;
 * - how long the list index takes to read the table once the list is loaded
 *   afresh (its performance measure, src/db/mirror-entries.ts);
 * - then, the index built, the next page and a two-word search, from the act until
 *   the new rows are in the DOM, in the page itself (rows-change.ts), p50 and p95;
 * - memory: the resident size of the engine's largest content process (what
 *   the tab costs the device), and the page's JS heap as the engine's own
 *   tools count it (Chromium: CDP's JSHeapUsedSize; Gecko: about:memory's
 *   report of the page's window, gecko-heap.ts; WebKit: the size its full
 *   collections leave, logged by JavaScriptCore, webkit-heap.ts, on a page
 *   of its own, untimed);
 * - on another fresh profile, keystrokes typed into Add Contact while a first
 *   sync runs, and once nothing syncs (`typingDuringSync`).
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
import { storeCountIn } from '../e2e/store-count'
import { type Stat, stat } from './browser-bench'
import { type ListAct, rowsChangeIn } from './rows-change'

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000)
/**
 * Runs per list action: at 100 a p95 is the fifth slowest run. At 40 it was the second slowest, and in
 * WebKit two of the first six runs after the list opened made it (why those, not found; each run's time
 * and number is printed for the slowest).
 */
const ROUNDS = Number(process.env.BENCH_ENGINE_ROUNDS ?? 100)
const PAUSE_BEFORE_ENTER_MS = 150
/**
 * Before each act, as a user reads a page before the next (and as browser-bench.ts waits): 120 ms after a
 * page is shown the list asks the server for its copy of it (record-hooks.ts), whose answer is written to
 * the mirror and heard by the list. With no pause a search's Enter, 150 ms after the typing, landed on
 * that write in WebKit and Gecko, and the p95 timed the two together.
 */
const PAUSE_BETWEEN_ACTS_MS = 300
/**
 * The performance measure the list index ends its build with (src/db/mirror-entries.ts), the collection's
 * name after it. Not imported: Dexie takes the IndexedDB it finds when first imported (run.ts).
 */
const LIST_INDEX_MEASURE = 'outpost list index: '
const only = process.env.BENCH_ENGINES?.split(',') as EngineName[] | undefined
/** The engines typed in during a first sync (each a fresh profile and a first sync more). */
const TYPING_ENGINES = (process.env.BENCH_TYPING_ENGINES?.split(',') ?? ENGINES) as readonly EngineName[]
/** A keystroke every this many ms, as in main-thread-bench.ts: a brisk typist. */
const KEY_EVERY_MS = 120
/** How long the field is typed in once nothing syncs. */
const IDLE_TYPING_MS = 8_000

/** Keystrokes timed from the moment the bench sent each to the frame after its `input` (ms). */
export interface KeyStat extends Stat {
  max: number
}

export interface Typing {
  /** During a first sync of CONTACTS, the list's index following it, the user on Add Contact. */
  during: KeyStat
  /** The same field once the sync is over and nothing syncs: the driver's own cost, for scale. */
  idle: KeyStat
  /** Seconds the first sync was typed through. */
  seconds: number
  /**
   * Where the sync engine ran, as seen from the page's own requests (the change feed among them: the
   * page). WebKit runs it on the page by design (src/db/page-sleep.ts, `pageWorkersAllowed`).
   */
  engineOn: 'page' | 'worker'
}

export interface EngineFigures {
  engine: EngineName
  contacts: number
  firstSync: { seconds: number; perSecond: number }
  /** Seconds the list index took to read 100,000 rows from the table, the list reloaded. */
  indexSeconds: number
  next: Stat
  search: Stat
  /** Resident MiB of the engine's largest content process, the list open. */
  contentMiB: number | null
  /** The page's JS heap in MiB, where the engine tells it. */
  heapMiB: number | null
  /** Typing into a form during a first sync (null where not measured: TYPING_ENGINES). */
  typing: Typing | null
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

/** How long the list index took to build (its performance measure), null until it is built. In the page. */
const builtIn = (name: string) => performance.getEntriesByName(name, 'measure')[0]?.duration ?? null

const wholeList = (page: EnginePage, ms: number) =>
  until(
    () => shownText(page),
    (text) => text.includes(`of ${CONTACTS} entries`),
    `the list to hold all ${CONTACTS} contacts`,
    ms,
  )

/** Through the login screen; answers the epoch ms of the click on "Let's go", when the first sync begins. */
async function signIn(page: EnginePage, url: string) {
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
  return started
}

/**
 * In the page: from now on, the epoch ms (Date.now(), the clock the bench's own Date.now() reads) of the
 * frame after each `input` event, the key's character in the field and React's render of it done.
 */
function recordInputsIn() {
  const framed: number[] = []
  ;(globalThis as unknown as { __framed: number[] }).__framed = framed
  addEventListener('input', () => requestAnimationFrame(() => framed.push(Date.now())), true)
}

/** In the page: the frames recorded so far, emptied (after one more frame, so the last key's is in). */
const takeFramedIn = () =>
  new Promise<number[]>((resolve) =>
    requestAnimationFrame(() => {
      const framed = (globalThis as unknown as { __framed: number[] }).__framed
      resolve(framed.splice(0, framed.length))
    }),
  )

/**
 * In the page: from now on, checks every 500 ms whether the first sync has brought every contact, counted
 * in IndexedDB (the rows in the contacts table and those still in packs, whose key ends with its number
 * of rows: src/db/packs.ts), and sets `__synced` once it has. In the background: a count waits behind the
 * sync's writes, and a bench waiting on it would send no keys meanwhile (WebDriver runs one command at a time).
 */
function watchSyncIn(contacts: number) {
  const flag = globalThis as unknown as { __synced: boolean }
  flag.__synced = false
  const synced = () =>
    new Promise<boolean>((resolve) => {
      const open = indexedDB.open(`outpost-${localStorage.getItem('userId')}`)
      open.onerror = () => resolve(false)
      open.onsuccess = () => {
        const db = open.result
        const transaction = db.transaction(['contacts', 'packs'])
        const inTable = transaction.objectStore('contacts').count()
        const packKeys = transaction.objectStore('packs').getAllKeys()
        transaction.oncomplete = () => {
          db.close()
          const packed = (packKeys.result as [string, number, number][])
            .filter(([collection]) => collection === 'contacts')
            .reduce((sum, [, , rows]) => sum + rows, 0)
          resolve(inTable.result + packed >= contacts)
        }
        transaction.onerror = () => resolve(false)
      }
    })
  const check = async () => {
    if (await synced()) flag.__synced = true
    else setTimeout(check, 500)
  }
  void check()
}

const syncedIn = () => (globalThis as unknown as { __synced?: boolean }).__synced === true

/**
 * Types into the focused field, a key every KEY_EVERY_MS after the driver sent the last, until `done`:
 * ten letters, then ten backspaces. Each key is timed from just before it is sent to the frame after
 * its `input` event in the page, so a main thread busy when the key arrives counts in full.
 */
async function typeUntil(
  page: EnginePage,
  done: () => Promise<boolean>,
): Promise<KeyStat & { seconds: number }> {
  await page.evaluate(takeFramedIn, null)
  const started = Date.now()
  const sent: number[] = []
  let checked = 0
  for (;;) {
    if (Date.now() - checked > 500) {
      checked = Date.now()
      if (await done()) break
      if (Date.now() - started > 900_000) throw new Error('typed for 15 minutes without the end in sight')
    }
    const n = sent.length
    sent.push(Date.now())
    await page.press(n % 20 < 10 ? String.fromCharCode(97 + (n % 26)) : 'Backspace')
    await new Promise((resolve) => setTimeout(resolve, KEY_EVERY_MS))
  }
  const framed = await page.evaluate(takeFramedIn, null)
  if (framed.length !== sent.length)
    console.log(`  (${sent.length} keys sent, ${framed.length} input events seen: timed in order)`)
  const latencies = framed.map((at, i) => at - (sent[i] ?? at))
  return { ...stat(latencies), max: Math.max(0, ...latencies), seconds: (Date.now() - started) / 1000 }
}

/**
 * Typing into Add Contact's First Name while a first sync of CONTACTS runs (in the sync worker), on a
 * fresh profile: the list opened first, as a user would glance at it, so its index follows the
 * download on the page's main thread too; then the same field once nothing syncs.
 */
async function typingDuringSync(engine: EngineName, url: string): Promise<Typing> {
  const page = await openEngine(engine)
  try {
    await signIn(page, url)
    await openInApp(page, '/contacts/list')
    await until(
      () => page.evaluate(() => document.querySelector('tbody tr') !== null, null),
      Boolean,
      'the first rows of the list',
      120_000,
    )
    await openInApp(page, '/contacts/add')
    await page.click({ label: 'First Name' })
    await page.evaluate(recordInputsIn, null)
    await page.evaluate(watchSyncIn, CONTACTS)
    const during = await typeUntil(page, () => page.evaluate(syncedIn, null))
    // The list index's last pages and the pooling of its strings (entry-pool.ts) settle first.
    await new Promise((resolve) => setTimeout(resolve, 5_000))
    const quietUntil = Date.now() + IDLE_TYPING_MS
    const idle = await typeUntil(page, async () => Date.now() > quietUntil)
    const show = (k: KeyStat) =>
      `p50 ${k.p50.toFixed(0)} ms, p95 ${k.p95.toFixed(0)} ms, max ${k.max.toFixed(0)} ms (${k.runs} keys)`
    console.log(
      `${engine}: keystroke to frame during the first sync (${during.seconds.toFixed(1)} s) ${show(during)}; nothing syncing ${show(idle)}`,
    )
    const feedOnPage = await page.evaluate(
      () =>
        performance.getEntriesByType('resource').some((entry) => entry.name.includes('/api/sync/changes')),
      null,
    )
    const engineOn = feedOnPage ? 'page' : 'worker'
    console.log(
      `${engine}: the sync engine ran on the ${engineOn === 'page' ? 'page' : 'sync worker'} (seen)`,
    )
    return { during, idle, seconds: during.seconds, engineOn }
  } catch (error) {
    // What the screen showed says more than the step that gave up.
    const shown = await shownText(page).catch(() => '(the page did not answer)')
    throw new Error(
      `${error instanceof Error ? error.message : error}; at ${await page.url().catch(() => '?')} the page showed "${shown.replace(/\s+/g, ' ').slice(0, 200)}"`,
    )
  } finally {
    await page.close().catch(() => undefined)
  }
}

async function rounds(page: EnginePage, acts: ListAct[], runs = ROUNDS) {
  const times: number[] = []
  for (let n = 0; n < runs; n++) {
    const act = acts[n % acts.length] as ListAct
    await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_ACTS_MS))
    times.push((await page.evaluate(rowsChangeIn, { act, pauseBeforeEnter: PAUSE_BEFORE_ENTER_MS })).dom)
  }
  // The first run and the slowest are told apart: one slow first page is not a slow list. The slowest
  // few say which runs they were (run 1 the first), so a p95 made of one or two outliers shows as such.
  const first = times[0] ?? 0
  const slowest = times
    .map((ms, n) => ({ ms, n }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 4)
    .map(({ ms, n }) => `${ms.toFixed(1)} ms (run ${n + 1})`)
  console.log(`  ${acts.join(', ')}: first ${first.toFixed(1)} ms, slowest ${slowest.join(', ')}`)
  return stat(times)
}

/**
 * Signs in on a fresh profile and opens the list, the first sync timed until the list holds every
 * contact; then loads the list afresh, a returning user's, until its index is built: ready to time.
 */
async function readyList(page: EnginePage, url: string) {
  const started = await signIn(page, url)
  await openInApp(page, '/contacts/list')
  await wholeList(page, 1_800_000)
  const seconds = (Date.now() - started) / 1000
  const firstSync = { seconds, perSecond: Math.round(CONTACTS / seconds) }
  // The rows are moved from packs into their table behind the screens; the list is timed after that.
  const unpacking = Date.now()
  await until(
    () => page.evaluate(storeCountIn, 'packs'),
    (left) => left === 0,
    'the packs unpacked',
    900_000,
  )
  const unpacked = (Date.now() - unpacking) / 1000
  // A returning user's list, loaded afresh; its index is read from the table once it opens, and until
  // it is built a page is read from the table (a count of 100,000 rows, an offset): the list is timed
  // once the index says it is built, not after a fixed pause, which in Gecko on a busy machine ended
  // before the build did and put two table reads (1.1 s and 0.6 s) in the next page's p95.
  await page.goto(`${url}/contacts/list`)
  await wholeList(page, 120_000)
  const indexMs = await until(
    () => page.evaluate(builtIn, `${LIST_INDEX_MEASURE}contacts`),
    (ms) => ms !== null,
    'the list index built',
    300_000,
  )
  // Its strings pooled (entry-pool.ts, 1 s after) and the garbage of the build left to the collector.
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  return { firstSync, unpacked, indexSeconds: (indexMs ?? 0) / 1000 }
}

/**
 * Engines whose heap is read on a page of its own, one that is not timed: reading WebKit's makes its
 * every collection a full one (webkit-heap.ts). That page goes as far as the timed one: the list
 * ready, then some of its pages and searches, whose caches count in the heap.
 */
const HEAP_ON_ITS_OWN_PAGE: readonly EngineName[] = ['webkit']
const ROUNDS_BEFORE_HEAP = 10

async function heapOnItsOwnPage(engine: EngineName, url: string): Promise<number | null> {
  const page = await openEngine(engine, { measuresHeap: true })
  try {
    await readyList(page, url)
    await rounds(page, ['next'], ROUNDS_BEFORE_HEAP)
    await rounds(page, ['search:james smi', 'search:oliv harr'], ROUNDS_BEFORE_HEAP)
    return page.jsHeapBytes ? (await page.jsHeapBytes()) / 2 ** 20 : null
  } finally {
    await page.close().catch(() => undefined)
  }
}

async function benchEngine(engine: EngineName, url: string): Promise<EngineFigures> {
  const since = uptimeTicks()
  const heapApart = HEAP_ON_ITS_OWN_PAGE.includes(engine)
  const page = await openEngine(engine, { measuresHeap: !heapApart })
  try {
    const { firstSync, unpacked, indexSeconds } = await readyList(page, url)
    console.log(
      `${engine}: first sync ${firstSync.seconds.toFixed(1)} s, ${firstSync.perSecond.toLocaleString('en')} records/s; ` +
        `rows in their table ${unpacked.toFixed(1)} s later; list index read from the table in ${indexSeconds.toFixed(1)} s`,
    )
    const next = await rounds(page, ['next'])
    const search = await rounds(page, ['search:james smi', 'search:oliv harr'])
    const contentMiB = largestContentMiB(engine, since)
    let heapMiB = page.jsHeapBytes ? (await page.jsHeapBytes()) / 2 ** 20 : null
    const show = (s: Stat) => `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`
    console.log(
      `${engine}: next page ${show(next)}; two-word search ${show(search)} (${ROUNDS} runs, to the DOM); ` +
        `content process ${contentMiB?.toFixed(0) ?? '?'} MiB resident` +
        (heapMiB === null ? '' : `, JS heap ${heapMiB.toFixed(0)} MiB`),
    )
    if (heapApart) {
      await page.close().catch(() => undefined)
      heapMiB = await heapOnItsOwnPage(engine, url)
      console.log(
        `${engine}: JS heap ${heapMiB?.toFixed(0) ?? '?'} MiB (on a page of its own, the list ready)`,
      )
    }
    return {
      engine,
      contacts: CONTACTS,
      firstSync,
      indexSeconds,
      next,
      search,
      contentMiB,
      heapMiB,
      typing: null,
    }
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
        const measured = await benchEngine(engine, server.url)
        figures.push(measured)
        if (TYPING_ENGINES.includes(engine))
          measured.typing = await typingDuringSync(engine, server.url).catch((error: unknown) => {
            console.error(`${engine}: typing not measured: ${error instanceof Error ? error.message : error}`)
            return null
          })
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
