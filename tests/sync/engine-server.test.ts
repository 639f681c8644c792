/**
 * Dexie mirror + outbox + sync engine against the real server app in-process
 * (in-memory PGlite): two clients of the same team, editing, deleting,
 * conflicting, and replaying after an answer was lost.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { databaseName, OutpostDb } from '../../src/db/database'
import { createRecord, deleteRecord, updateRecord } from '../../src/db/record-writes'
import { signIn } from '../../src/session/sign-in'
import { SyncEngine } from '../../src/sync/engine'
import type { Transport } from '../../src/transport/http'
import { startTestServer, type TestServer } from '../server/helpers'
import { injectTransport } from './in-process'
import { MemoryStorage } from './memory-storage'

let server: TestServer

interface Client {
  db: OutpostDb
  engine: SyncEngine
  transport: Transport
  notices: string[]
  writes: { db: OutpostDb; userId: string }
}

async function client(
  user: { email: string; password: string },
  wrap = (t: Transport) => t,
): Promise<Client> {
  const transport = wrap(injectTransport(server.app))
  const session = await signIn(user.email, user.password, { transport, storage: new MemoryStorage() })
  const db = new OutpostDb(`client-${crypto.randomUUID()}`)
  const notices: string[] = []
  const engine = new SyncEngine({ db, transport, userId: session.id, notify: (text) => notices.push(text) })
  return { db, engine, transport, notices, writes: { db, userId: session.id } }
}

let alice: { email: string; password: string }

// A fresh server per test: each starts from an empty change feed.
beforeEach(async () => {
  server = await startTestServer()
  alice = await server.createUser()
})
afterEach(() => server.close())

async function serverDocs() {
  const answer = await server.app.inject({
    method: 'GET',
    url: '/api/contacts?limit=500',
    headers: { cookie: await server.login(alice.email, alice.password) },
  })
  return answer.json().docs as Array<Record<string, unknown>>
}

describe('sync engine against the real server', () => {
  it('pushes a create, update and delete and the other client pulls them', async () => {
    const a = await client(alice)
    const b = await client(alice)
    const ada = await createRecord(a.writes, 'contacts', { firstName: 'Ada', lastName: 'Lovelace' })
    const grace = await createRecord(a.writes, 'contacts', { firstName: 'Grace', lastName: 'Hopper' })
    expect(await a.engine.sync()).toBe('ok')
    expect(await b.engine.sync()).toBe('ok')
    expect((await b.db.contacts.get(ada))?.lastName).toBe('Lovelace')

    await updateRecord(b.writes, 'contacts', ada, { title: 'Countess' })
    await deleteRecord(b.writes, 'contacts', grace)
    await b.engine.sync()
    await a.engine.sync()
    expect(await a.db.contacts.get(ada)).toMatchObject({ title: 'Countess', version: 2 })
    expect(await a.db.contacts.get(grace)).toBeUndefined()
    expect((await serverDocs()).map((doc) => doc.firstName)).toEqual(['Ada'])
    expect(await a.db.outbox.count()).toBe(0)
    expect(await b.db.outbox.count()).toBe(0)
  })

  it('merges edits of different fields made on the same version, silently', async () => {
    const a = await client(alice)
    const b = await client(alice)
    const id = await createRecord(a.writes, 'contacts', { firstName: 'Ada' })
    await a.engine.sync()
    await b.engine.sync()
    await updateRecord(a.writes, 'contacts', id, { title: 'Countess' })
    await updateRecord(b.writes, 'contacts', id, { phone: '+44 20 7946 0000' })
    await a.engine.sync()
    await b.engine.sync()
    await a.engine.sync()
    for (const c of [a, b]) {
      expect(await c.db.contacts.get(id)).toMatchObject({
        title: 'Countess',
        phone: '+44 20 7946 0000',
        version: 3,
      })
      expect(c.notices).toEqual([])
    }
  })

  it('reports a real conflict and keeps the user’s value', async () => {
    const a = await client(alice)
    const b = await client(alice)
    const id = await createRecord(a.writes, 'contacts', { firstName: 'Ada', title: 'Ms' })
    await a.engine.sync()
    await b.engine.sync()
    await updateRecord(a.writes, 'contacts', id, { title: 'Countess' })
    await updateRecord(b.writes, 'contacts', id, { title: 'Dr' })
    await a.engine.sync()
    await b.engine.sync()
    const [op] = await b.db.outbox.toArray()
    expect(op).toMatchObject({ status: 'conflict', serverDoc: { title: 'Countess' } })
    expect(b.notices[0]).toMatch(/^Error while saving - .+ \(title\)$/)
    expect((await b.db.contacts.get(id))?.title).toBe('Dr')
    expect((await serverDocs())[0]?.title).toBe('Countess')
  })

  it('applies a create exactly once when the first answer was lost', async () => {
    let dropNext = true
    const a = await client(alice, (inner) => async (request) => {
      const answer = await inner(request)
      if (request.method === 'POST' && request.path === 'contacts' && dropNext) {
        dropNext = false
        throw new (await import('../../src/transport/http')).NetworkError('connection reset after commit')
      }
      return answer
    })
    await createRecord(a.writes, 'contacts', { firstName: 'Once' })
    expect(await a.engine.sync()).toBe('offline')
    expect(await a.engine.sync()).toBe('ok')
    expect((await serverDocs()).filter((doc) => doc.firstName === 'Once')).toHaveLength(1)
    expect(await a.db.outbox.count()).toBe(0)
  })

  it('keeps what a pull brought when a replayed answer is older: a colleague’s edit made after a create landed stays', async () => {
    // The server takes the create, then falls over before answering: the op waits its back-off.
    let failNext = true
    const clock = { now: 1_000_000 }
    const honest = injectTransport(server.app)
    const transport: Transport = async (request) => {
      const answer = await honest(request)
      if (request.method === 'POST' && failNext && request.path !== 'users/login') {
        failNext = false
        return { status: 503, headers: {}, body: { errors: [{ name: 'Unavailable', message: 'Down.' }] } }
      }
      return answer
    }
    const session = await signIn(alice.email, alice.password, { transport, storage: new MemoryStorage() })
    failNext = true
    const db = new OutpostDb(`client-${crypto.randomUUID()}`)
    const engine = new SyncEngine({ db, transport, userId: session.id, now: () => clock.now })
    const id = await createRecord({ db, userId: session.id, now: () => clock.now }, 'contacts', {
      firstName: 'Ada',
      title: '',
    })
    expect(await engine.sync()).toBe('ok')
    expect(await db.outbox.count()).toBe(1)
    // A colleague edits the record; this device's next run pulls it while the create still waits.
    const cookie = await server.login(alice.email, alice.password)
    const edit = await server.app.inject({
      method: 'PATCH',
      url: `/api/contacts/${id}`,
      headers: { cookie, 'if-match': '"1"' },
      payload: { title: 'Countess' },
    })
    expect(edit.statusCode).toBe(200)
    await engine.sync()
    expect(await db.contacts.get(id)).toMatchObject({ title: 'Countess', version: 2 })
    // The retry falls due: the server answers it from its idempotency store, as it was at version 1.
    clock.now += 3_600_000
    expect(await engine.sync()).toBe('ok')
    expect(await db.outbox.count()).toBe(0)
    expect(await db.contacts.get(id)).toMatchObject({ title: 'Countess', version: 2 })
  })

  it('tells the user when a record they edited was deleted by someone else', async () => {
    const a = await client(alice)
    const b = await client(alice)
    const id = await createRecord(a.writes, 'contacts', { firstName: 'Ada', lastName: 'Lovelace' })
    await a.engine.sync()
    await b.engine.sync()
    await deleteRecord(a.writes, 'contacts', id)
    await updateRecord(b.writes, 'contacts', id, { title: 'Countess' })
    await a.engine.sync()
    await b.engine.sync()
    expect(await b.db.contacts.get(id)).toBeUndefined()
    expect(await b.db.notices.toArray()).toMatchObject([
      {
        recordId: id,
        lost: { title: 'Countess' },
        // What 'Add it again' makes anew: the record as this device had it, the lost change in it.
        record: { firstName: 'Ada', lastName: 'Lovelace', title: 'Countess' },
      },
    ])
    expect(b.notices[0]).toContain('Ada Lovelace was deleted by someone else')
  })

  it('keeps the queue when the session has ended and sends it after signing in again', async () => {
    const jar: { cookie?: string } = {}
    const transport = injectTransport(server.app, jar)
    const session = await signIn(alice.email, alice.password, { transport, storage: new MemoryStorage() })
    const db = new OutpostDb(`client-${crypto.randomUUID()}`)
    const engine = new SyncEngine({ db, transport, userId: session.id })
    await createRecord({ db, userId: session.id }, 'contacts', { firstName: 'Queued' })
    jar.cookie = undefined
    expect(await engine.sync()).toBe('auth')
    expect(engine.status.get().activity).toBe('signed-out')
    expect(await db.outbox.count()).toBe(1)
    await signIn(alice.email, alice.password, { transport, storage: new MemoryStorage() })
    expect(await engine.sync()).toBe('ok')
    expect((await serverDocs()).map((doc) => doc.firstName)).toContain('Queued')
  })
})

describe('storage and users', () => {
  it('tells the user when the device is out of storage during a sync', async () => {
    const a = await client(alice)
    const ada = await createRecord(a.writes, 'contacts', { firstName: 'Ada' })
    await a.engine.sync()
    const b = await client(alice)
    const full = Object.assign(new Error('The transaction was aborted.'), {
      name: 'AbortError',
      inner: Object.assign(new Error('Quota exceeded'), { name: 'QuotaExceededError' }),
    })
    b.db.contacts.hook('creating', () => {
      throw full
    })
    // The download itself is kept (in packs: src/db/packs.ts); moving its rows into their table, after
    // the run, is what runs out of space.
    expect(await b.engine.sync()).toBe('ok')
    await expect.poll(() => b.notices[0]).toContain('out of storage space')
    expect(await b.db.contacts.get(ada)).toMatchObject({ firstName: 'Ada' })
    // A row written in a run, once the first sync is done, is told the same way, and the run fails.
    await createRecord(a.writes, 'contacts', { firstName: 'Grace' })
    await a.engine.sync()
    expect(await b.engine.sync()).toBe('error')
    expect(b.notices).toHaveLength(2)
  })

  it('never replays one user’s queue as another: each user has their own database', async () => {
    const bob = await server.createUser()
    // One device, as the app opens it: the database is named after whoever signs in.
    const open = async (who: { email: string; password: string }) => {
      const transport = injectTransport(server.app)
      const session = await signIn(who.email, who.password, { transport, storage: new MemoryStorage() })
      const db = new OutpostDb(databaseName(session.id))
      return { db, userId: session.id, engine: new SyncEngine({ db, transport, userId: session.id }) }
    }
    const asAlice = await open(alice)
    await createRecord({ db: asAlice.db, userId: asAlice.userId }, 'contacts', { firstName: 'Alices' })
    asAlice.db.close()
    const asBob = await open(bob)
    expect(await asBob.db.outbox.count()).toBe(0)
    expect(await asBob.engine.sync()).toBe('ok')
    expect(await serverDocs()).toEqual([])
    asBob.db.close()
    const again = await open(alice)
    expect(await again.db.outbox.count()).toBe(1)
    expect(await again.engine.sync()).toBe('ok')
    expect((await serverDocs()).map((doc) => doc.firstName)).toEqual(['Alices'])
  })
})
