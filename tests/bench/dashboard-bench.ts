/**
 * The dashboard's figures at 100,000 contacts (issue 11), printed, never asserted.
 * In Node on fake-indexeddb, the tally itself (what the page's worker runs):
 * - count: reading the whole mirror once, in chunks of 10,000 rows as the worker does (tally.ts)
 * - overview and stats: computing each screen's figures from the tally
 * - one change: a contact edited, until the figures have it
 * fake-indexeddb is far slower than a browser's IndexedDB: these are upper bounds.
 * In Chromium (the built app: `npm run build` first), on a mirror of 100,000 contacts:
 * - each screen opened from the sidebar of an app that has settled: the time until its
 *   figures show, and the longest task on the page's main thread meanwhile (above 50 ms
 *   is a "long task": the screen could not answer a tap for that long)
 * - the stats screen opened from the overview, whose counting it shares
 */
import 'fake-indexeddb/auto'
import { pathToFileURL } from 'node:url'
import type { Page } from 'playwright-core'
import { OutpostDb } from '../../src/db/database'
import { type ContactFields, contactFields, DEPARTMENTS } from '../../src/domain/contact'
import { emptyValues } from '../../src/domain/fields'
import {
  addedPerWeek,
  catalogImages,
  contactsByDepartment,
  contactsWithoutCompany,
  recentRecords,
  topCompanies,
} from '../../src/features/dashboard/figures/compute'
import { DashboardTally } from '../../src/features/dashboard/figures/tally'
import { launchBrowser } from '../e2e/chromium'
import { startServer } from '../e2e/server-process'
import { signInThroughUi } from '../e2e/signed-in'

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000)
const COMPANIES = 2_000
const CATALOG = 200
const DAY = 86_400_000

const uuid = (prefix: number, n: number) =>
  `${String(prefix).padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`

async function seed(db: OutpostDb) {
  const now = Date.now()
  const stamp = (n: number) => new Date(now - (n % 120) * DAY - (n % 997) * 60_000).toISOString()
  await db.companies.bulkAdd(
    Array.from({ length: COMPANIES }, (_, n) => ({
      id: uuid(2, n),
      companyName: `Company ${n}`,
      address: '',
      website: '',
      email: '',
      mainPhone: '',
      version: 1,
      createdAt: stamp(n),
      updatedAt: stamp(n),
    })),
  )
  for (const [prefix, name, field] of [
    [3, 'industries', 'industryImage'],
    [4, 'services', 'serviceImage'],
    [5, 'products', 'productImage'],
  ] as const) {
    await db.table(name).bulkAdd(
      Array.from({ length: CATALOG }, (_, n) => ({
        id: uuid(prefix, n),
        name: `${name} ${n}`,
        description: [],
        [field]: n % 3 ? { id: uuid(9, n), filename: 'x.png' } : null,
        version: 1,
        createdAt: stamp(n),
        updatedAt: stamp(n),
      })),
    )
  }
  const batch = 10_000
  for (let from = 0; from < CONTACTS; from += batch) {
    await db.contacts.bulkAdd(
      Array.from({ length: Math.min(batch, CONTACTS - from) }, (_, i) => {
        const n = from + i
        return {
          ...(emptyValues(contactFields) as ContactFields),
          id: uuid(1, n),
          firstName: `First${n}`,
          lastName: `Last${n}`,
          title: 'Engineer',
          department: n % 9 === 8 ? '' : (DEPARTMENTS[n % 8] as string),
          email: `person${n}@example.com`,
          phone: '',
          mobile: '',
          company: n % 4 === 0 ? null : { relationTo: 'companies', value: uuid(2, (n * 7) % COMPANIES) },
          version: 1,
          createdAt: stamp(n),
          updatedAt: n % 10 ? stamp(n) : new Date(now - (n % 500) * 1000).toISOString(),
        }
      }),
    )
  }
}

/** Runs `work` `times` times; answers the median in ms. */
function median(work: () => unknown, times = 7) {
  const runs = Array.from({ length: times }, () => {
    const started = performance.now()
    work()
    return performance.now() - started
  }).sort((a, b) => a - b)
  return runs[Math.floor(times / 2)] as number
}

const ms = (value: number) => `${value.toFixed(1)} ms`

export async function dashboardBench() {
  const db = new OutpostDb(`dashboard-bench-${Date.now()}`)
  try {
    await seed(db)

    const tally = new DashboardTally(db, 10_000)
    let started = performance.now()
    tally.start()
    await tally.idle()
    const counting = performance.now() - started

    const now = new Date()
    const overview = median(() => {
      contactsByDepartment(tally)
      topCompanies(tally, 5)
      recentRecords(tally, 'created', 6)
      recentRecords(tally, 'updated', 6)
    })
    const stats = median(() => {
      addedPerWeek(tally, now, 12)
      contactsByDepartment(tally)
      topCompanies(tally, 10)
      contactsWithoutCompany(tally)
      catalogImages(tally)
    })

    started = performance.now()
    await db.contacts.update(uuid(1, 42), { department: 'Vendor' })
    await tally.idle()
    const oneChange = performance.now() - started
    tally.stop()

    const contacts = CONTACTS.toLocaleString('en')
    console.log('In Node, on fake-indexeddb:')
    console.log(`count ${contacts} contacts and ${COMPANIES + 3 * CATALOG} other records: ${ms(counting)}`)
    console.log(`overview figures (departments, top 5 companies, latest added and edited): ${ms(overview)}`)
    console.log(`stats figures (12 weeks, departments, top 10 companies, catalog images): ${ms(stats)}`)
    console.log(`one contact edited, until the figures have it: ${ms(oneChange)}`)
  } finally {
    db.close()
    await db.delete()
  }
  await browserFigures()
}

/** Puts `count` contacts straight into the signed-in user's mirror, as a finished hydrate would leave them. */
function fillMirror(page: Page, count: number) {
  return page.evaluate(
    async ({ count, departments }) => {
      let mirror: IDBDatabase | undefined
      for (const info of await indexedDB.databases()) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(info.name as string)
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
        if (db.objectStoreNames.contains('contacts')) mirror = db
        else db.close()
      }
      if (!mirror) throw new Error('No mirror database in this browser.')
      const now = Date.now()
      const stamp = (n: number) => new Date(now - (n % 120) * 86_400_000).toISOString()
      const id = (prefix: number, n: number) =>
        `${String(prefix).padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`
      const put = (store: string, rows: object[]) =>
        new Promise<void>((resolve, reject) => {
          const tx = (mirror as IDBDatabase).transaction(store, 'readwrite')
          for (const row of rows) tx.objectStore(store).put(row)
          tx.oncomplete = () => resolve()
          tx.onerror = () => reject(tx.error)
        })
      await put(
        'companies',
        Array.from({ length: 2000 }, (_, n) => ({
          id: id(2, n),
          companyName: `Company ${n}`,
          address: '',
          website: '',
          email: '',
          mainPhone: '',
          version: 1,
          createdAt: stamp(n),
          updatedAt: stamp(n),
        })),
      )
      for (let from = 0; from < count; from += 10_000) {
        await put(
          'contacts',
          Array.from({ length: Math.min(10_000, count - from) }, (_, i) => {
            const n = from + i
            return {
              id: id(1, n),
              firstName: `First${n}`,
              lastName: `Last${n}`,
              title: 'Engineer',
              department: departments[n % departments.length],
              email: `person${n}@example.com`,
              phone: '',
              mobile: '',
              company: n % 4 === 0 ? null : { relationTo: 'companies', value: id(2, (n * 7) % 2000) },
              version: 1,
              createdAt: stamp(n),
              updatedAt: stamp(n),
            }
          }),
        )
      }
      mirror.close()
    },
    { count, departments: [...DEPARTMENTS, ''] },
  )
}

/** Waits until the page's figure cards are all counted; answers the ms since `since` and the longest task meanwhile. */
function untilCounted(page: Page, since: number) {
  return page.evaluate(
    (since) =>
      new Promise<{ ms: number; longest: number }>((resolve) => {
        const check = () => {
          const cards = [...document.querySelectorAll('main section[aria-busy]')]
          if (cards.length && cards.every((card) => card.getAttribute('aria-busy') === 'false')) {
            const tasks = (window as unknown as { longTasks: PerformanceEntry[] }).longTasks
            resolve({
              ms: performance.now() - since,
              longest: Math.max(0, ...tasks.filter((t) => t.startTime >= since).map((t) => t.duration)),
            })
          } else requestAnimationFrame(check)
        }
        check()
      }),
    since,
  )
}

async function fromSidebar(page: Page, label: 'Overview' | 'Stats') {
  const nav = page.getByRole('navigation', { name: 'Main' })
  const link = nav.getByRole('link', { name: label })
  if (!(await link.isVisible())) await nav.getByRole('button', { name: 'Dashboard' }).click()
  await link.click()
}

/**
 * A dashboard screen counting from nothing: the app is loaded afresh on another screen and left to
 * settle (its own start is not the dashboard's), then the screen is opened from the sidebar.
 */
async function openCold(page: Page, baseUrl: string, label: 'Overview' | 'Stats') {
  await page.goto(`${baseUrl}/companies/list`)
  await page.getByRole('heading', { level: 2, name: 'All Companies' }).waitFor()
  await page.waitForTimeout(3_000)
  const since = await page.evaluate(() => performance.now())
  await fromSidebar(page, label)
  return untilCounted(page, since)
}

async function browserFigures() {
  const server = await startServer()
  const browser = await launchBrowser()
  try {
    const page = browser.context.pages()[0] as Page
    // Every task over 50 ms from the page's start on (a "long task": the screen could not answer meanwhile).
    // tsx names the functions it compiles with a helper the page lacks; functions sent to the page need it.
    await page.addInitScript('window.__name = (fn) => fn')
    await page.addInitScript(() => {
      const tasks: PerformanceEntry[] = []
      ;(window as unknown as { longTasks: PerformanceEntry[] }).longTasks = tasks
      new PerformanceObserver((list) => tasks.push(...list.getEntries())).observe({
        type: 'longtask',
        buffered: true,
      })
    })
    await signInThroughUi(page, server.url)
    await page.goto(`${server.url}/admin/overview`)
    await page.getByRole('banner').getByText('Online', { exact: true }).waitFor({ timeout: 60_000 })
    // The mirror may still be opening (or upgrading) right after sign-in: try again for a while. Puts repeat safely.
    for (let attempt = 1; ; attempt++) {
      try {
        await fillMirror(page, CONTACTS)
        break
      } catch (error) {
        if (attempt === 10) throw error
        await page.waitForTimeout(500)
      }
    }

    const overview = await openCold(page, server.url, 'Overview')
    const started = await page.evaluate(() => performance.now())
    await fromSidebar(page, 'Stats')
    const stats = await untilCounted(page, started)
    const statsCold = await openCold(page, server.url, 'Stats')

    console.log(`In Chromium, ${CONTACTS.toLocaleString('en')} contacts and 2,000 companies in the mirror:`)
    console.log(
      `overview opened: figures after ${ms(overview.ms)}, longest task meanwhile ${ms(overview.longest)}`,
    )
    console.log(`stats from the overview: figures after ${ms(stats.ms)}, longest task ${ms(stats.longest)}`)
    console.log(
      `stats opened afresh (chart chunk too): figures after ${ms(statsCold.ms)}, longest task meanwhile ${ms(statsCold.longest)}`,
    )
  } finally {
    await browser.close()
    await server.stop()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await dashboardBench()
