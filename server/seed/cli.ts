/**
 * `npm run seed -- --contacts 100000 --companies 10000`: fills a data
 * directory (DATA_DIR, default ./data; or DATABASE_URL) with realistic records
 * from a fixed seed, to see Outpost at scale. An empty database gets the
 * Admin account first (ADMIN_EMAIL / ADMIN_PASSWORD, or a generated password
 * printed once). Adds to what is there; run it on a fresh data directory for
 * exactly the numbers asked.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { bootstrap } from '../bootstrap'
import { fillSearchTexts } from '../collections/search-texts'
import { readConfig } from '../config'
import { migrate } from '../db/migrate'
import { type Db, openDb } from '../db/open'
import { withoutBudget } from '../db/query-budget'
import { withWriteLock } from '../db/write'
import { generateCompanies, generateContacts } from './generate'

function count(value: string | undefined, name: string, fallback: number) {
  if (value === undefined) return fallback
  if (!/^\d{1,7}$/.test(value)) throw new Error(`--${name} must be a whole number up to 9,999,999.`)
  return Number(value)
}

async function main() {
  const { values } = parseArgs({
    options: { contacts: { type: 'string' }, companies: { type: 'string' }, 'data-dir': { type: 'string' } },
  })
  const contacts = count(values.contacts, 'contacts', 100_000)
  const companies = count(values.companies, 'companies', 10_000)
  const config = readConfig(
    values['data-dir'] ? { ...process.env, DATA_DIR: values['data-dir'] } : process.env,
  )
  const dataDir = config.databaseUrl ? undefined : join(config.dataDir, 'pglite')
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir })
  const started = Date.now()
  try {
    await migrate(handle)
    await bootstrap(handle.db, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      seedSample: false,
      print: (line) => console.log(line),
    })
    // One statement makes every contact: at 100,000 and more it runs longer than a request's query budget.
    await withoutBudget(handle, async (db) => {
      // Under the write lock, as every write is: on a PostgreSQL that servers are using, rows stamped outside it
      // could commit behind a later write's seq, and the change feed (and what servers remember) skip them.
      await withWriteLock(db, async (tx) => {
        await generateCompanies(tx as unknown as Db, companies)
        await generateContacts(tx as unknown as Db, contacts)
        // In the same transaction: no server ever reads these rows without their search texts.
        await fillSearchTexts(tx as unknown as Db)
      })
      // The planner learns the new tables now, not at the server's next start.
      await db.execute(sql`analyze companies`)
      await db.execute(sql`analyze contacts`)
    })
  } finally {
    await handle.close()
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : dataDir
  console.log(
    `Added ${companies.toLocaleString('en-GB')} companies and ${contacts.toLocaleString('en-GB')} contacts to ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  )
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
