/**
 * Cold start for tests/bench/server-bench.ts: the server process as `npm
 * start` runs it (the bundle and its Node options, tests/server/bundled-start.ts),
 * timed from spawn to its first HTTP answer, on an empty data directory and on
 * one holding 100,000 contacts; with the CPU the process had used by then
 * (wall time on a shared machine is mostly waiting) and its resident memory.
 * Then the load run (server-bench-load.ts) on the same directory.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { bootstrap } from '../../server/bootstrap'
import { migrate } from '../../server/db/migrate'
import { openDb } from '../../server/db/open'
import { generateCompanies, generateContacts } from '../../server/seed/generate'
import { buildServer } from '../server/bundled-start'
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
    const handle = await openDb({ dataDir: join(dataDir, 'pglite') })
    await migrate(handle)
    await bootstrap(handle.db, { ...adminOptions(), seedSample: false, print: () => {} })
    await generateCompanies(handle.db, Math.ceil(contacts / 10))
    await generateContacts(handle.db, contacts)
    // As `npm run seed` does: the planner knows the tables from the first start (the server's own vacuum runs later).
    await handle.db.execute(sql`analyze companies`)
    await handle.db.execute(sql`analyze contacts`)
    await handle.close()
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

const adminOptions = () => ({ adminEmail: BENCH_ADMIN.email, adminPassword: BENCH_ADMIN.password })
