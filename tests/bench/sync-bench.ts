/**
 * Sync benchmarks, printed, never asserted, and handed back for BENCHMARKS.md:
 * - the change feed alone: 100,000 contacts read from `since=0` through the
 *   real routes (in-process, in-memory PGlite), nothing written;
 * - hydrate: the same feed into an empty mirror on fake-indexeddb (far slower
 *   than a browser's IndexedDB: a lower bound; the browser figure is in
 *   browser-bench.ts);
 * - replay: 1,000 queued creates pushed while one answer in ten is lost after
 *   the server committed it (the engine resends under the same opId), then
 *   the server's rows counted: exactly 1,000, no duplicates.
 */
import 'fake-indexeddb/auto'
import { sql } from 'drizzle-orm'
import { OutpostDb } from '../../src/db/database'
import { createRecord } from '../../src/db/record-writes'
import { signIn } from '../../src/session/sign-in'
import { SyncEngine } from '../../src/sync/engine'
import { PULL_PAGE_SIZE, pull } from '../../src/sync/pull'
import { changes } from '../../src/transport/calls'
import { startTestServer } from '../server/helpers'
import { faultyTransport } from '../sync/faulty-transport'
import { injectTransport } from '../sync/in-process'
import { MemoryStorage } from '../sync/memory-storage'

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000)
const OPS = Number(process.env.BENCH_OPS ?? 1_000)

export interface SyncFigures {
  feedPerSecond: number
  /** Changes per feed page the client asks for after the first (src/sync/pull.ts). */
  feedPageSize: number
  hydratePerSecond: number
  replay: { ops: number; seconds: number; answersLost: number; onServer: number; runs: number }
}

export async function syncBench(): Promise<SyncFigures> {
  // PGlite, as the rest of the file says, even when DATABASE_URL is set for the server section.
  const server = await startTestServer({ databaseUrl: null })
  try {
    const user = await server.createUser()
    await server.db.execute(sql`
      insert into contacts (id, first_name, last_name, title, department, email, phone)
      select gen_random_uuid(), 'First' || g, 'Last' || g, 'Engineer', 'Sales',
             'person' || g || '@example.com', '+44 20 7946 ' || lpad((g % 10000)::text, 4, '0')
      from generate_series(1, ${CONTACTS}) as g`)
    const transport = injectTransport(server.app)
    const session = await signIn(user.email, user.password, { transport, storage: new MemoryStorage() })

    // The feed alone, as the client pages through it.
    let started = performance.now()
    let cursor = '0'
    let read = 0
    for (;;) {
      const answer = await changes(transport, cursor, PULL_PAGE_SIZE)
      if (answer.status !== 200) throw new Error(`feed answered ${answer.status}`)
      read += answer.body.changes.length
      cursor = answer.body.cursor
      if (!answer.body.hasMore) break
    }
    const feedPerSecond = Math.round(read / ((performance.now() - started) / 1000))
    console.log(
      `change feed alone (in-process, pages of ${PULL_PAGE_SIZE}): ${read} records = ${feedPerSecond} records/s`,
    )

    const db = new OutpostDb(`bench-${Date.now()}`)
    const engine = new SyncEngine({ db, transport, userId: session.id })
    started = performance.now()
    await pull(engine.ctx)
    const hydrateSeconds = (performance.now() - started) / 1000
    const hydrated = await db.contacts.count()
    const hydratePerSecond = Math.round(hydrated / hydrateSeconds)
    console.log(
      `hydrate on fake-indexeddb (Node, a lower bound): ${hydrated} contacts in ${hydrateSeconds.toFixed(2)} s = ${hydratePerSecond} records/s`,
    )

    // One answer in ten lost after the server committed: every tenth request's answer never arrives.
    const faulty = faultyTransport(transport, [...Array(9).fill('none'), 'drop-answer'])
    const replayer = new SyncEngine({ db, transport: faulty.transport, userId: session.id })
    const writes = { db, userId: session.id }
    for (let n = 0; n < OPS; n++)
      await createRecord(writes, 'contacts', { firstName: `Queued${n}`, lastName: 'Op' })
    started = performance.now()
    let runs = 0
    // A lost answer ends a run as 'offline'; the scheduler would run again on the next trigger.
    while ((await db.outbox.count()) > 0 && runs < 10 * OPS) {
      runs++
      await replayer.sync()
    }
    const replaySeconds = (performance.now() - started) / 1000
    const left = await db.outbox.count()
    const counted = (await server.db.execute(
      sql`select count(*)::int as n from contacts where first_name like 'Queued%'`,
    )) as unknown as { rows: Array<{ n: number }> }
    const [row] = counted.rows
    const onServer = Number(row?.n ?? 0)
    const replay = {
      ops: OPS - left,
      seconds: replaySeconds,
      answersLost: faulty.injected['drop-answer'],
      onServer,
      runs,
    }
    console.log(
      `replay: ${replay.ops} queued creates in ${replaySeconds.toFixed(2)} s = ${Math.round(replay.ops / replaySeconds)} ops/s, ` +
        `${replay.answersLost} answers lost, ${runs} runs; contacts on the server: ${onServer} (${onServer === OPS ? 'no duplicates' : 'MISMATCH'})`,
    )
    await db.delete()
    return { feedPerSecond, feedPageSize: PULL_PAGE_SIZE, hydratePerSecond, replay }
  } finally {
    await server.close()
  }
}
