/**
 * Cold start for tests/bench/server-bench.ts: the server process as `npm
 * start` runs it (the bundle and its Node options, tests/server/bundled-start.ts),
 * timed from spawn to its first HTTP answer, on an empty data directory and on
 * one holding 100,000 contacts; with the CPU the process had used by then
 * (wall time on a shared machine is mostly waiting) and its resident memory.
 * Then the load run (server-bench-load.ts) on the same directory; and, when
 * DATABASE_URL is set, on a PostgreSQL database filled the same way.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { bootstrap } from '../../server/bootstrap'
import { fillSearchTexts } from '../../server/collections/search-texts'
import { migrate } from '../../server/db/migrate'
import { type DbHandle, openDb } from '../../server/db/open'
import { withoutBudget } from '../../server/db/query-budget'
import { generateCompanies, generateContacts } from '../../server/seed/generate'
import { buildServer } from '../server/bundled-start'
import { startTestPostgres } from '../server/postgres'
import { loadRun } from './server-bench-load'
import { BENCH_ADMIN, type Started, startServer } from './server-bench-process'

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const describe = (runs: Started[]) =>
  `${runs.map((run) => seconds(run.ms)).join(', ')} (CPU ${runs.map((run) => seconds(run.cpu)).join(', ')}); RSS at the answer ${runs.map((run) => run.rss).join(', ')} MiB`

async function startAndStop(dataDir: string) {
  const run = await startServer(dataDir)
  await run.stop()
  return run
}

export async function coldStart(contacts: number, runs = 4) {
  buildServer()
  const work = mkdtempSync(join(tmpdir(), 'outpost-bench-start-'))
  try {
    const empty = []
    for (let run = 0; run < 2; run++) empty.push(await startAndStop(join(work, `empty-${run}`)))
    const dataDir = join(work, 'full')
    mkdirSync(join(dataDir, 'pglite'), { recursive: true })
    await fill(await openDb({ dataDir: join(dataDir, 'pglite') }), contacts)
    const full = []
    for (let run = 0; run < runs; run++) full.push(await startAndStop(dataDir))
    const loaded = await loadRun(dataDir)
    return [
      `Cold start on PGlite, \`npm start\`'s server spawned to its first answer (goal < 1.5 s):`,
      `  empty data directory: ${describe(empty)}`,
      `  ${contacts.toLocaleString('en')} contacts: ${describe(full)} (the first after filling)`,
      ...loaded,
    ].join('\n')
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/** The bench's Admin, `contacts` contacts and a tenth as many companies, as `npm run seed` makes them. */
export async function fill(handle: DbHandle, contacts: number) {
  await migrate(handle)
  await bootstrap(handle.db, { ...adminOptions(), seedSample: false, print: () => {} })
  // As `npm run seed` does: without the query budget (one statement makes every contact), then the planner
  // knows the tables from the first start (the server's own vacuum runs later).
  await withoutBudget(handle, async (db) => {
    await generateCompanies(db, Math.ceil(contacts / 10))
    await generateContacts(db, contacts)
    await fillSearchTexts(db)
    await db.execute(sql`analyze companies`)
    await db.execute(sql`analyze contacts`)
  })
  await handle.close()
}

/** The load run of server-bench-load.ts against `npm start`'s server on a database of PostgreSQL's of its own. */
export async function loadRunOnPostgres(contacts: number) {
  const database = await startTestPostgres()
  // Unused with DATABASE_URL, but the server is given one, as npm start's always is.
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-bench-pg-'))
  try {
    await fill(await openDb({ databaseUrl: database.url }), contacts)
    const [title, ...lines] = await loadRun(dataDir, { DATABASE_URL: database.url })
    return [`PostgreSQL, ${contacts.toLocaleString('en')} contacts. ${title}`, ...lines].join('\n')
  } finally {
    await database.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const adminOptions = () => ({ adminEmail: BENCH_ADMIN.email, adminPassword: BENCH_ADMIN.password })
