/**
 * The dashboard's figures at 100,000 contacts (issue 11), printed, never asserted:
 * - count: the tally reads the whole mirror once, in chunks (tally.ts), and the
 *   longest the event loop was held meanwhile (what a user would feel as a freeze)
 * - overview and stats: computing each screen's figures from the tally
 * - one change: a contact edited, until the figures have it
 * In Node on fake-indexeddb, which is far slower than a browser's IndexedDB: the
 * reads are an upper bound of what Chromium takes; the figures' own work is the same.
 */
import 'fake-indexeddb/auto'
import { pathToFileURL } from 'node:url'
import { OutpostDb } from '../../src/db/database'
import { DEPARTMENTS } from '../../src/domain/contact'
import {
  addedPerWeek,
  catalogImages,
  contactsByDepartment,
  contactsWithoutCompany,
  recentRecords,
  topCompanies,
} from '../../src/features/dashboard/figures/compute'
import { DashboardTally } from '../../src/features/dashboard/figures/tally'

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

    // The longest stretch without a timer tick while counting: how long the screen would stay frozen.
    let longest = 0
    let last = performance.now()
    const beat = setInterval(() => {
      const now = performance.now()
      longest = Math.max(longest, now - last)
      last = now
    }, 1)
    const tally = new DashboardTally(db)
    let started = performance.now()
    tally.start()
    await tally.idle()
    const counting = performance.now() - started
    clearInterval(beat)

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
    console.log(`count ${contacts} contacts and ${COMPANIES + 3 * CATALOG} other records: ${ms(counting)}`)
    console.log(`  longest the event loop was held meanwhile: ${ms(longest)}`)
    console.log(`overview figures (departments, top 5 companies, latest added and edited): ${ms(overview)}`)
    console.log(`stats figures (12 weeks, departments, top 10 companies, catalog images): ${ms(stats)}`)
    console.log(`one contact edited, until the figures have it: ${ms(oneChange)}`)
  } finally {
    db.close()
    await db.delete()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await dashboardBench()
