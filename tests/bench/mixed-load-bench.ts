/**
 * Reads while the team writes: the cases of the load run (server-bench-load.ts, Payload's side by side)
 * from 10 connections over HTTP against `npm start`'s server at 100,000 contacts, first on a still table,
 * then while a colleague's edits arrive at 10 a second (a PATCH every 100 ms, each to another contact,
 * moving it in the last-name order and in and out of the searches). Each case's p95 under writes is
 * given as a ratio to its idle p95 (goal: within 2×). On PGlite, then on a PostgreSQL of its own.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDb } from '../../server/db/open'
import { buildServer } from '../server/bundled-start'
import { startTestPostgres } from '../server/postgres'
import { CASES, casePath, describeHammered, type Hammered, hammer, signIn } from './server-bench-load'
import { startServer } from './server-bench-process'
import { fill } from './server-bench-start'

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000)
const WRITES_PER_SECOND = 10
/** Last names the writes give: some hold 'son' or 'ann', so searches' counts move as well as the order. */
const NAMES = ['Johnson', 'Baker', 'Anderson', 'Hannigan', 'Lee', 'Carson', 'Zhang', 'Adams']

/** Ids of contacts spread over the list, for the writes to pick from. */
async function someIds(url: string, cookie: string) {
  const ids: string[] = []
  for (const page of [1, 900, 2_500, 5_000, 7_500, 9_999]) {
    const response = await fetch(`${url}${casePath(page, '')}`, { headers: { cookie } })
    const body = (await response.json()) as { docs: { id: string }[] }
    ids.push(...body.docs.map((doc) => doc.id))
  }
  return ids
}

interface Writes {
  done: number
  failed: number
  seconds: number
  times: number[]
}

/** PATCHes one contact every 1/WRITES_PER_SECOND s until `until` resolves; a slow write delays the next. */
async function writeWhile(
  url: string,
  cookie: string,
  ids: string[],
  until: Promise<unknown>,
): Promise<Writes> {
  let running = true
  until.finally(() => {
    running = false
  })
  const writes: Writes = { done: 0, failed: 0, seconds: 0, times: [] }
  const begun = performance.now()
  for (let n = 0; running; n++) {
    const due = begun + (n * 1000) / WRITES_PER_SECOND
    const wait = due - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    if (!running) break
    const started = performance.now()
    const body = n % 2 ? { lastName: NAMES[n % NAMES.length] } : { title: `Edited ${n}` }
    const response = await fetch(`${url}/api/contacts/${ids[n % ids.length]}`, {
      method: 'PATCH',
      headers: { cookie, origin: url, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    await response.arrayBuffer()
    if (response.status === 200) writes.done++
    else writes.failed++
    writes.times.push(performance.now() - started)
  }
  writes.seconds = (performance.now() - begun) / 1000
  return writes
}

const ratio = (busy: Hammered, idle: Hammered) => `${(busy.p95 / Math.max(idle.p95, 1)).toFixed(1)}×`

async function runOn(label: string, dataDir: string, env: Record<string, string> = {}) {
  const server = await startServer(dataDir, env)
  try {
    const cookie = await signIn(server.url)
    const ids = await someIds(server.url, cookie)
    const lines = [`${label}, ${CONTACTS.toLocaleString('en')} contacts, 10 connections:`]
    const allWrites: number[] = []
    let done = 0
    let failed = 0
    let seconds = 0
    for (const [name, page, where] of CASES) {
      const path = casePath(page, where)
      const idle = await hammer(server.url, cookie, path)
      const reading = hammer(server.url, cookie, path)
      const [busy, writes] = await Promise.all([reading, writeWhile(server.url, cookie, ids, reading)])
      allWrites.push(...writes.times)
      done += writes.done
      failed += writes.failed
      seconds += writes.seconds
      lines.push(
        `  ${name}: idle ${describeHammered(idle)}`,
        `    with ${WRITES_PER_SECOND} writes/s: ${describeHammered(busy)}; p95 ${ratio(busy, idle)} idle's`,
      )
    }
    allWrites.sort((a, b) => a - b)
    const at = (p: number) => (allWrites[Math.floor(allWrites.length * p)] ?? 0).toFixed(0)
    lines.push(
      `  the writes: ${(done / seconds).toFixed(1)}/s answered 200 (${failed} not), PATCH p50 ${at(0.5)} / p95 ${at(0.95)} ms`,
    )
    return lines
  } finally {
    await server.stop()
  }
}

export async function mixedLoadBench(): Promise<string[]> {
  buildServer()
  const work = mkdtempSync(join(tmpdir(), 'outpost-bench-mixed-'))
  try {
    const dataDir = join(work, 'full')
    mkdirSync(join(dataDir, 'pglite'), { recursive: true })
    await fill(await openDb({ dataDir: join(dataDir, 'pglite') }), CONTACTS)
    const lines = await runOn('PGlite', dataDir)
    const database = await startTestPostgres()
    try {
      await fill(await openDb({ databaseUrl: database.url }), CONTACTS)
      lines.push(...(await runOn('PostgreSQL', dataDir, { DATABASE_URL: database.url })))
    } finally {
      await database.stop()
    }
    return lines
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
