/**
 * Sync benchmarks, printed, never asserted, and handed back for BENCHMARKS.md:
 * - the change feed alone: 100,000 contacts read from `since=0` through the
 *   real routes (in-process, in-memory PGlite), nothing written;
 * - hydrate: the same feed into an empty mirror on fake-indexeddb (far slower
 *   than a browser's IndexedDB: a lower bound; the browser figure is in
 *   browser-bench.ts), alone and again with the contacts' list index following
 *   it, as it does with a list open;
 * - a company's contacts found on that mirror (company-contacts-bench.ts): each
 *   contact belongs to one of CONTACTS / 100 companies;
 * - replay: 1,000 queued creates pushed while one answer in ten is lost after
 *   the server committed it (the engine resends under the same opId), then
 *   the server's rows counted: exactly 1,000, no duplicates.
 */
import 'fake-indexeddb/auto'
import { sql } from 'drizzle-orm'
import { OutpostDb } from '../../src/db/database'
import { dropMirrorIndexes, MirrorIndex, mirrorIndex } from '../../src/db/mirror-index'
import { unpackBehind } from '../../src/db/packs'
import { createRecord } from '../../src/db/record-writes'
import { signIn } from '../../src/session/sign-in'
import { SyncEngine } from '../../src/sync/engine'
import { PULL_PAGE_SIZE, pull } from '../../src/sync/pull'
import { changes } from '../../src/transport/calls'
import { startTestServer } from '../server/helpers'
import { faultyTransport } from '../sync/faulty-transport'
import { injectTransport } from '../sync/in-process'
import { MemoryStorage } from '../sync/memory-storage'
import { type CompanyContactsFigures, companyContactsBench } from './company-contacts-bench'
import {
  type CompanyDuplicatesFigures,
  companyDuplicatesBench,
  type DuplicatesFigures,
  duplicatesBench,
} from './duplicates-bench'
import { type ListSortFigures, listSortBench } from './list-sort-bench'

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000)
const OPS = Number(process.env.BENCH_OPS ?? 1_000)
/** A hundred contacts a company. */
const COMPANIES = Math.max(1, Math.round(CONTACTS / 100))

export interface SyncFigures {
  feedPerSecond: number
  /** Changes per feed page the client asks for after the first (src/sync/pull.ts). */
  feedPageSize: number
  hydratePerSecond: number
  /** The same, with the contacts' list index following the download (the page's share of a first sync). */
  hydrateIndexedPerSecond: number
  companyContacts: CompanyContactsFigures
  listSort: ListSortFigures
  duplicates: DuplicatesFigures
  companyDuplicates: CompanyDuplicatesFigures
  replay: { ops: number; seconds: number; answersLost: number; onServer: number; runs: number }
}

export async function syncBench(): Promise<SyncFigures> {
  // PGlite, as the rest of the file says, even when DATABASE_URL is set for the server section.
  const server = await startTestServer({ databaseUrl: null })
  try {
    const user = await server.createUser()
    await server.db.execute(sql`
      insert into companies (id, company_name)
      select gen_random_uuid(), 'Company ' || g from generate_series(1, ${COMPANIES}) as g`)
    await server.db.execute(sql`
      with numbered as (select id, (row_number() over (order by id)) - 1 as n from companies)
      insert into contacts (id, first_name, last_name, title, department, email, phone, company_id)
      select gen_random_uuid(), 'First' || g, 'Last' || g, 'Engineer', 'Sales',
             'person' || g || '@example.com', '+44 20 7946 ' || lpad((g % 10000)::text, 4, '0'), numbered.id
      from generate_series(1, ${CONTACTS}) as g join numbered on numbered.n = g % ${COMPANIES}`)
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

    // fake-indexeddb holds a mirror in the process's heap: two of 100,000 left the heap so full that the
    // collector's pauses made every figure below it (and the replay's answers) late.
    await db.delete()
    // Again into a second empty mirror, the contacts' list index following every page as with a list open.
    const followed = new OutpostDb(`bench-indexed-${Date.now()}`)
    const index = mirrorIndex(followed, 'contacts')
    index.warm()
    await index.idle()
    started = performance.now()
    await pull(new SyncEngine({ db: followed, transport, userId: session.id }).ctx)
    await index.idle()
    const indexedSeconds = (performance.now() - started) / 1000
    const hydrateIndexedPerSecond = Math.round(index.matches('').length / indexedSeconds)
    console.log(
      `hydrate with the contacts' list index following it (Node): ${indexedSeconds.toFixed(2)} s = ${hydrateIndexedPerSecond} records/s`,
    )
    // As a device holds them once the first sync is over: every row moved from its pack into its table.
    await unpackBehind(followed)
    const companyIds = (await followed.companies.toCollection().primaryKeys()) as string[]
    const companyContacts = await companyContactsBench(followed, companyIds)
    // The index the company's page built, at full size: what an add form looks through for duplicates.
    const contactsIndex = mirrorIndex(followed, 'contacts')
    contactsIndex.warm()
    await contactsIndex.idle()
    const duplicates = await duplicatesBench(contactsIndex)
    const companyDuplicates = await companyDuplicatesBench(CONTACTS)
    const listSort = await listSortBench(contactsIndex, () => new MirrorIndex(followed, 'contacts'))
    dropMirrorIndexes(followed)

    // One answer in ten lost after the server committed: every tenth request's answer never arrives.
    const faulty = faultyTransport(transport, [...Array(9).fill('none'), 'drop-answer'])
    const replayer = new SyncEngine({ db: followed, transport: faulty.transport, userId: session.id })
    const writes = { db: followed, userId: session.id }
    for (let n = 0; n < OPS; n++)
      await createRecord(writes, 'contacts', { firstName: `Queued${n}`, lastName: 'Op' })
    started = performance.now()
    let runs = 0
    // A lost answer ends a run as 'offline'; the scheduler would run again on the next trigger.
    while ((await followed.outbox.count()) > 0 && runs < 10 * OPS) {
      runs++
      await replayer.sync()
    }
    const replaySeconds = (performance.now() - started) / 1000
    const left = await followed.outbox.count()
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
    await followed.delete()
    return {
      feedPerSecond,
      feedPageSize: PULL_PAGE_SIZE,
      hydratePerSecond,
      hydrateIndexedPerSecond,
      companyContacts,
      duplicates,
      companyDuplicates,
      listSort,
      replay,
    }
  } finally {
    await server.close()
  }
}
