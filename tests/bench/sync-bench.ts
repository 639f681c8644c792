/**
 * Sync benchmarks (issue #4's targets), printed, never asserted:
 * - hydrate: 100,000 contacts from the server's change feed into an empty mirror
 * - replay: 1,000 queued creates pushed to the server
 * The client runs in Node on fake-indexeddb against the real server app in-process
 * (in-memory PGlite). fake-indexeddb is far slower than a browser's IndexedDB, so
 * these are lower bounds of what a tablet achieves.
 */
import 'fake-indexeddb/auto'
import { sql } from 'drizzle-orm'
import { OutpostDb } from '../../src/db/database'
import { createRecord } from '../../src/db/record-writes'
import { signIn } from '../../src/session/sign-in'
import { SyncEngine } from '../../src/sync/engine'
import { pull } from '../../src/sync/pull'
import { push } from '../../src/sync/push'
import { startTestServer } from '../server/helpers'
import { injectTransport } from '../sync/in-process'

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000)
const OPS = Number(process.env.BENCH_OPS ?? 1_000)

const memoryStorage = () => {
  const map = new Map<string, string>()
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
    key: () => null,
    length: 0,
  } as Storage
}

export async function syncBench() {
  const server = await startTestServer()
  try {
    const user = await server.createUser()
    await server.db.execute(sql`
      insert into contacts (id, first_name, last_name, title, department, email, phone)
      select gen_random_uuid(), 'First' || g, 'Last' || g, 'Engineer', 'Sales',
             'person' || g || '@example.com', '+44 20 7946 ' || lpad((g % 10000)::text, 4, '0')
      from generate_series(1, ${CONTACTS}) as g`)
    const transport = injectTransport(server.app)
    const session = await signIn(user.email, user.password, { transport, storage: memoryStorage() })

    const db = new OutpostDb(`bench-${Date.now()}`)
    const engine = new SyncEngine({ db, transport, userId: session.id })
    let started = performance.now()
    await pull(engine.ctx)
    const hydrateSeconds = (performance.now() - started) / 1000
    const hydrated = await db.contacts.count()

    const writes = { db, userId: session.id }
    for (let n = 0; n < OPS; n++)
      await createRecord(writes, 'contacts', { firstName: `Queued${n}`, lastName: 'Op' })
    started = performance.now()
    await push(engine.ctx)
    const replaySeconds = (performance.now() - started) / 1000
    const left = await db.outbox.count()

    console.log(
      `hydrate: ${hydrated} contacts in ${hydrateSeconds.toFixed(2)} s = ${Math.round(hydrated / hydrateSeconds)} records/s (goal >= 20,000)`,
    )
    console.log(
      `replay:  ${OPS - left} ops in ${replaySeconds.toFixed(2)} s = ${Math.round((OPS - left) / replaySeconds)} ops/s (goal >= 500)`,
    )
    await db.delete()
  } finally {
    await server.close()
  }
}
