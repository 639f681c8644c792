/**
 * Cold start for tests/bench/server-bench.ts: the real server process
 * (server/main.ts) on a PGlite data directory holding 100,000 contacts, timed
 * from spawn to its first HTTP answer, and its resident memory a few seconds
 * later. The first start after filling the directory also vacuums it (after
 * listening); the later ones find nothing to do, as most starts do.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bootstrap } from '../../server/bootstrap'
import { migrate } from '../../server/db/migrate'
import { openDb } from '../../server/db/open'
import { generateCompanies, generateContacts } from '../../server/seed/generate'
import { freePort } from '../e2e/server-process'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const rssMiB = (pid: number) =>
  Math.round(Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024)

/** Spawn → first answer (any status: the list needs a session) in ms, and RSS 5 s later. */
async function startOnce(dataDir: string) {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED_SAMPLE: '0',
      LOG_LEVEL: 'warn',
      STATIC_DIR: join(tmpdir(), 'outpost-no-app'),
    },
    stdio: 'ignore',
  })
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
      try {
        await (await fetch(`http://127.0.0.1:${port}/api/contacts?limit=1`)).arrayBuffer()
        break
      } catch {
        await sleep(10)
      }
      if (performance.now() - started > 60_000) throw new Error('the server did not answer within 60 s')
    }
    const ms = performance.now() - started
    await sleep(5_000)
    return { ms, rss: child.pid ? rssMiB(child.pid) : 0 }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
}

export async function coldStart(contacts: number, runs = 4) {
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-bench-start-'))
  try {
    const handle = await openDb({ dataDir: join(dataDir, 'pglite') })
    await migrate(handle)
    await bootstrap(handle.db, { seedSample: false, print: () => {} })
    await generateCompanies(handle.db, Math.ceil(contacts / 10))
    await generateContacts(handle.db, contacts)
    await handle.close()
    const results = []
    for (let run = 0; run < runs; run++) results.push(await startOnce(dataDir))
    const times = results.map((r) => `${(r.ms / 1000).toFixed(2)} s`).join(', ')
    const rss = results.map((r) => r.rss).join(', ')
    return `${times} (first after filling, which vacuums once listening; then unchanged); RSS 5 s after start ${rss} MiB`
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}
