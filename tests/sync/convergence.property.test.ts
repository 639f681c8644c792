/**
 * The sync's promise, as a property (research/sync.md §10): three clients, each
 * with its own IndexedDB, edit the same records through a faulty network
 * against the real server. After the network heals and everyone has synced:
 *  1. every outbox is empty but for reported conflicts and failures;
 *  2. no change was applied twice (a record's server version is its create plus the update ops that landed);
 *  3. every client's mirror equals the server for every record without a conflict;
 *  4. no edit disappeared without being reported.
 * SYNC_PROPERTY_RUNS sets the number of runs (200 in `npm test`; `npm run soak` runs more).
 */
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { OutpostDb } from '../../src/db/database'
import { createRecord, deleteRecord, updateRecord } from '../../src/db/record-writes'
import { SyncEngine } from '../../src/sync/engine'
import { signIn } from '../../src/sync/session'
import { startTestServer, type TestServer } from '../server/helpers'
import { FAULTS, type Fault, faultyTransport } from './faulty-transport'
import { injectTransport } from './in-process'
import { MemoryStorage } from './memory-storage'

const RUNS = Number(process.env.SYNC_PROPERTY_RUNS ?? 200)
const FIELDS = ['title', 'phone', 'department'] as const
const DEPARTMENTS = ['Sales', 'IT', 'Planning', 'Vendor']

type Step =
  | { do: 'create'; client: number }
  | { do: 'update'; client: number; pick: number; field: (typeof FIELDS)[number] }
  | { do: 'delete'; client: number; pick: number }
  | { do: 'sync'; clients: number[] }

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ do: fc.constant('create' as const), client: fc.nat(2) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      do: fc.constant('update' as const),
      client: fc.nat(2),
      pick: fc.nat(),
      field: fc.constantFrom(...FIELDS),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ do: fc.constant('delete' as const), client: fc.nat(2), pick: fc.nat() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      do: fc.constant('sync' as const),
      clients: fc.uniqueArray(fc.nat(2), { minLength: 1, maxLength: 3 }),
    }),
  },
)

interface Write {
  client: number
  record: string
  field: string
  value: string
  base: unknown
}

let server: TestServer
let user: { email: string; password: string }
beforeAll(async () => {
  server = await startTestServer()
  user = await server.createUser()
})
afterAll(() => server.close())

async function serverState() {
  const result = (await server.db.execute(
    sql`select id, version, deleted_at, title, phone, department from contacts`,
  )) as unknown as { rows: Array<Record<string, unknown>> }
  return new Map(result.rows.map((row) => [row.id as string, row]))
}

it(`converges under faults (${RUNS} runs)`, async () => {
  let counter = 0
  await fc.assert(
    fc.asyncProperty(
      fc.array(step, { minLength: 4, maxLength: 14 }),
      fc.array(fc.array(fc.constantFrom<Fault>(...FAULTS), { maxLength: 12 }), {
        minLength: 3,
        maxLength: 3,
      }),
      async (steps, faultPlans) => {
        await server.db.execute(sql`truncate contacts, idempotency_keys`)
        const clock = { now: 1_000_000 }
        const writes: Write[] = []
        const landed = new Map<string, Set<string>>() // record → the update ops the server took, by opId
        const clients = await Promise.all(
          faultPlans.map(async (plan, index) => {
            const honest = injectTransport(server.app)
            const session = await signIn(user.email, user.password, {
              transport: honest,
              storage: new MemoryStorage(),
            })
            const net = faultyTransport(honest, plan)
            const db = new OutpostDb(`prop-${++counter}-${index}`)
            const engine = new SyncEngine({
              db,
              transport: net.transport,
              userId: session.id,
              now: () => clock.now,
              onLanded: (op) => {
                if (op.kind === 'update')
                  landed.set(op.recordId, (landed.get(op.recordId) ?? new Set()).add(op.opId))
              },
            })
            return { db, engine, net, writes: { db, userId: session.id, now: () => clock.now } }
          }),
        )
        try {
          for (const action of steps) {
            if (action.do === 'sync') {
              await Promise.all(action.clients.map((index) => clients[index]?.engine.sync()))
              continue
            }
            const client = clients[action.client] as (typeof clients)[number]
            if (action.do === 'create') {
              await createRecord(client.writes, 'contacts', {
                firstName: `P${++counter}`,
                title: '',
                phone: '',
                department: '',
              })
              continue
            }
            const ids = (await client.db.contacts.toCollection().primaryKeys()) as string[]
            const id = ids[action.pick % Math.max(1, ids.length)]
            if (!id) continue
            if (action.do === 'delete') {
              await deleteRecord(client.writes, 'contacts', id)
              continue
            }
            const value =
              action.field === 'department' ? (DEPARTMENTS[counter % 4] as string) : `v${++counter}`
            const before = (await client.db.contacts.get(id))?.[action.field]
            if (before === value) continue
            await updateRecord(client.writes, 'contacts', id, { [action.field]: value })
            writes.push({ client: action.client, record: id, field: action.field, value, base: before })
          }

          // Heal, then sync until nothing moves: time runs on so every backed-off retry falls due.
          for (const client of clients) client.net.heal()
          for (let round = 0; round < 6; round++) {
            clock.now += 3_600_000
            for (const client of clients) await client.engine.sync()
          }

          const truth = await serverState()
          const live = [...truth.values()].filter((row) => row.deleted_at === null)
          for (const [index, client] of clients.entries()) {
            const ops = await client.db.outbox.toArray()
            // 1. Only reported problems are left.
            expect(ops.filter((op) => op.status !== 'conflict' && op.status !== 'failed')).toEqual([])
            const troubled = new Set(ops.map((op) => op.recordId))
            // 3. The mirror equals the server for every record without a conflict.
            const mirror = new Map((await client.db.contacts.toArray()).map((row) => [row.id, row]))
            for (const row of live) {
              if (troubled.has(row.id as string)) continue
              const local = mirror.get(row.id as string)
              expect(local, `client ${index} is missing ${row.id}`).toBeDefined()
              expect({ v: local?.version, t: local?.title, p: local?.phone, d: local?.department }).toEqual({
                v: row.version,
                t: row.title,
                p: row.phone,
                d: row.department,
              })
            }
            for (const id of mirror.keys()) {
              if (!troubled.has(id))
                expect(truth.get(id)?.deleted_at ?? null, `client ${index} shows deleted ${id}`).toBeNull()
            }
            // 4. No edit vanished unreported.
            const notices = new Set((await client.db.notices.toArray()).map((notice) => notice.recordId))
            const last = new Map<string, Write>()
            for (const write of writes)
              if (write.client === index) last.set(`${write.record}:${write.field}`, write)
            for (const write of last.values()) {
              const row = truth.get(write.record)
              if (!row || row.deleted_at !== null || troubled.has(write.record) || notices.has(write.record))
                continue
              const superseded = writes.some(
                (other) =>
                  other !== write &&
                  other.record === write.record &&
                  other.field === write.field &&
                  other.base === write.value,
              )
              if (!superseded)
                expect(row[write.field], `client ${index}'s ${write.field} on ${write.record}`).toBe(
                  write.value,
                )
            }
          }
          // 2. Applied once: a record's version is its create plus the updates that landed, never more.
          for (const row of live) {
            expect(row.version).toBe(1 + (landed.get(row.id as string)?.size ?? 0))
          }
        } finally {
          await Promise.all(clients.map((client) => client.db.delete()))
        }
      },
    ),
    { numRuns: RUNS },
  )
}, 600_000)
