/**
 * A company's contacts on the device (src/db/references.ts, docs/decisions/010-a-companys-contacts.md),
 * printed, never asserted, and handed back for BENCHMARKS.md: on a mirror that holds the whole feed, the
 * contacts' list index asked for one company's contacts (what the company's page shows), `pointingAt`
 * (what the delete question reads: the index, then the rows found), and, for comparison, the whole
 * table read that `pointingAt` made before. Node on fake-indexeddb: the IndexedDB figures are far
 * slower than a browser's, the in-memory one is not.
 */
import type { OutpostDb } from '../../src/db/database'
import { dropMirrorIndexes, mirrorIndex } from '../../src/db/mirror-index'
import { readWholeTable } from '../../src/db/packs'
import { pointingAt } from '../../src/db/references'
import { type Timing, timed } from './timing'

export interface CompanyContactsFigures {
  contacts: number
  /** Contacts each company has. */
  perCompany: number
  /** The contacts' list index read from the mirror (table and packs) in a fresh tab, seconds. */
  buildSeconds: number
  /** The first lookup after a change, which makes the column of links the others read. */
  firstLookupMs: number
  lookup: Timing
  pointingAt: Timing
  wholeTable: Timing
}

const show = (t: Timing) => `p50 ${t.p50.toFixed(2)} ms, p95 ${t.p95.toFixed(2)} ms (${t.runs} runs)`

/** `db` holds the whole feed: `companyIds`' contacts, each company with the same number. */
export async function companyContactsBench(
  db: OutpostDb,
  companyIds: string[],
): Promise<CompanyContactsFigures> {
  // As a tab opened on a company's page finds it: no index yet.
  dropMirrorIndexes(db)
  const index = mirrorIndex(db, 'contacts')
  let started = performance.now()
  index.warm()
  await index.idle()
  const buildSeconds = (performance.now() - started) / 1000
  const contacts = index.matches('').length
  const company = (i: number) => companyIds[(i * 7919) % companyIds.length] as string
  // The first lookup after a change makes the column of links the next ones read (index-entries.ts).
  started = performance.now()
  const perCompany = index.linkedTo('company', company(0)).length
  const firstLookupMs = performance.now() - started
  console.log(
    `a company's contacts at ${contacts} contacts (${perCompany} a company): the list index built from the mirror in ${buildSeconds.toFixed(2)} s, once a tab`,
  )
  const lookup = await timed(200, (i) => index.linkedTo('company', company(i)))
  console.log(
    `  the company's page (list index, in memory): ${show(lookup)}; the first after a change ${firstLookupMs.toFixed(2)} ms`,
  )
  const pointing = await timed(50, (i) => pointingAt(db, 'companies', company(i)))
  console.log(
    `  the delete question (pointingAt: the index, then ${perCompany} rows read): ${show(pointing)}`,
  )
  const wholeTable = await timed(3, async (i) => {
    const id = company(i)
    const found: unknown[] = []
    await readWholeTable(db, 'contacts', 2_000, (rows) => {
      for (const row of rows) if ((row.company as { value?: unknown } | null)?.value === id) found.push(row)
    })
  })
  console.log(`  the delete question before (every contact read): ${show(wholeTable)}`)
  return { contacts, perCompany, buildSeconds, firstLookupMs, lookup, pointingAt: pointing, wholeTable }
}
