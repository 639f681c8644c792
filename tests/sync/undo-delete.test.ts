/**
 * 'Undo' after a delete, seen from another device, against the real server in-process: a delete
 * undone while it waits on the device (mutators.ts, UNDO_MS) never reaches the server, so no other
 * device ever loses the record and its history has no delete; once the wait is over the sync sends
 * it, every device drops the record, and an Admin's late 'Undo' (a restore) brings it back on every
 * device.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { deleteRecords, undoDeletes } from '../../src/db/bulk-writes'
import { OutpostDb } from '../../src/db/database'
import { createRecord, deleteRecord, undoDelete } from '../../src/db/record-writes'
import { signIn } from '../../src/session/sign-in'
import { SyncEngine } from '../../src/sync/engine'
import { UNDO_MS } from '../../src/sync/mutators'
import { trashCalls } from '../../src/sync/trash-calls'
import { startTestServer, type TestServer } from '../server/helpers'
import { injectTransport } from './in-process'
import { MemoryStorage } from './memory-storage'

let server: TestServer

async function device(user: { email: string; password: string }) {
  const clock = { now: Date.now() }
  const now = () => clock.now
  const inner = injectTransport(server.app)
  /** Each request the device made, as 'METHOD path'. */
  const requests: string[] = []
  const transport: typeof inner = (request) => {
    requests.push(`${request.method} ${request.path}`)
    return inner(request)
  }
  const session = await signIn(user.email, user.password, { transport, storage: new MemoryStorage() })
  const db = new OutpostDb(`undo-${crypto.randomUUID()}`)
  const engine = new SyncEngine({ db, transport, userId: session.id, notify: () => {}, now })
  return { clock, db, engine, transport, requests, writes: { db, userId: session.id, now } }
}

beforeEach(async () => {
  server = await startTestServer()
})
afterEach(() => server.close())

const actionsOf = async (transport: ReturnType<typeof injectTransport>, id: string) => {
  const answer = await transport({ method: 'GET', path: `contacts/${id}/history` })
  return (answer.body as { docs: { action: string }[] }).docs.map((entry) => entry.action)
}

describe('undoing a delete, on the other devices', () => {
  it('an undo while the delete waits: no device ever loses the record, and the server never hears of it', async () => {
    const here = await device(await server.createUser({ firstName: 'Sam', lastName: 'Staff' }))
    const there = await device(await server.createUser())
    const id = await createRecord(here.writes, 'contacts', { firstName: 'Ada', title: 'Countess' })
    expect(await here.engine.sync()).toBe('ok')
    expect(await there.engine.sync()).toBe('ok')

    const deleted = await deleteRecord(here.writes, 'contacts', id, { holdMs: UNDO_MS })
    // The sync runs while the delete waits (the app nudges it at once): the delete stays here.
    here.clock.now += UNDO_MS - 1_000
    expect(await here.engine.sync()).toBe('ok')
    expect(await here.db.outbox.count()).toBe(1)
    expect((await here.transport({ method: 'GET', path: `contacts/${id}` })).status).toBe(200)

    expect(await undoDelete(here.writes, deleted)).toBe(true)
    here.clock.now += 60_000
    expect(await here.engine.sync()).toBe('ok')
    expect(await there.engine.sync()).toBe('ok')
    for (const { db } of [here, there])
      expect(await db.contacts.get(id)).toMatchObject({ firstName: 'Ada', title: 'Countess', version: 1 })
    expect(await here.db.outbox.count()).toBe(0)
    expect(await actionsOf(here.transport, id)).toEqual(['created'])
  })

  it("once the wait is over the delete leaves, and an Admin's late 'Undo' brings it back everywhere", async () => {
    const admin = await device(await server.createUser({ role: 'admin' }))
    const there = await device(await server.createUser())
    const id = await createRecord(admin.writes, 'contacts', { firstName: 'Grace' })
    expect(await admin.engine.sync()).toBe('ok')
    expect(await there.engine.sync()).toBe('ok')

    const deleted = await deleteRecord(admin.writes, 'contacts', id, { holdMs: UNDO_MS })
    admin.clock.now += UNDO_MS + 1
    expect(await admin.engine.sync()).toBe('ok')
    expect(await there.engine.sync()).toBe('ok')
    expect(await there.db.contacts.get(id)).toBeUndefined()
    // Too late for the device's undo: the delete has reached the server.
    expect(await undoDelete(admin.writes, deleted)).toBe(false)

    // The notice's 'Undo' then restores it from the Trash, as delete-confirm.tsx does for an Admin.
    let nudged = 0
    await trashCalls(admin.transport, () => nudged++).restore('contacts', id)
    expect(nudged).toBe(1)
    for (const { db, engine } of [admin, there]) {
      expect(await engine.sync()).toBe('ok')
      expect(await db.contacts.get(id)).toMatchObject({ firstName: 'Grace' })
    }
    expect(await actionsOf(admin.transport, id)).toEqual(['restored', 'deleted', 'created'])
  })
})

describe('a selection deleted at once, on the other devices', () => {
  it('an undo while the deletes wait brings every one back; sent, they go in one batch and every device drops them', async () => {
    const here = await device(await server.createUser({ firstName: 'Sam', lastName: 'Staff' }))
    const there = await device(await server.createUser())
    const ids: string[] = []
    for (let n = 0; n < 120; n++)
      ids.push(await createRecord(here.writes, 'contacts', { firstName: `Person${n}` }))
    expect(await here.engine.sync()).toBe('ok')
    expect(await there.engine.sync()).toBe('ok')
    const selected = ids.slice(0, 100)

    const deleted = await deleteRecords(here.writes, 'contacts', selected, { holdMs: UNDO_MS })
    expect(await here.db.contacts.count()).toBe(20)
    expect(await here.engine.sync()).toBe('ok')
    expect(await undoDeletes(here.writes, deleted)).toBe(100)
    expect(await here.db.contacts.count()).toBe(120)
    expect(await here.db.outbox.count()).toBe(0)

    await deleteRecords(here.writes, 'contacts', selected, { holdMs: UNDO_MS })
    here.clock.now += UNDO_MS + 1
    here.requests.length = 0
    expect(await here.engine.sync()).toBe('ok')
    expect(here.requests.filter((request) => request.startsWith('POST'))).toEqual(['POST sync/batch'])
    expect(await here.db.outbox.count()).toBe(0)
    expect(await there.engine.sync()).toBe('ok')
    for (const { db } of [here, there]) {
      expect(await db.contacts.count()).toBe(20)
      expect(await db.contacts.bulkGet(selected)).toEqual(selected.map(() => undefined))
    }
    expect(await actionsOf(here.transport, selected[0] as string)).toEqual(['deleted', 'created'])
  })
})
