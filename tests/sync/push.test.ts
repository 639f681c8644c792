import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OutpostDb } from '../../src/db/database'
import { createRecord, opsFor, updateRecord, type WriteContext } from '../../src/db/record-writes'
import type { EngineContext } from '../../src/sync/context'
import { push } from '../../src/sync/push'
import { type ApiRequest, type ApiResponse, NetworkError, type Transport } from '../../src/transport/http'

let db: OutpostDb
let writes: WriteContext
let sent: ApiRequest[]
let notices: string[]
let answer: (request: ApiRequest) => ApiResponse | 'network'
const clock = { now: 1_000_000 }

const transport: Transport = async (request) => {
  sent.push(request)
  const result = answer(request)
  if (result === 'network') throw new NetworkError('offline')
  return result
}

function engineContext(): EngineContext {
  return {
    db,
    transport,
    userId: 'u1',
    now: () => clock.now,
    random: () => 0.5,
    notify: (text) => notices.push(text),
  }
}

const serverDoc = (request: ApiRequest, version = 1) => {
  const body = (request.body ?? {}) as Record<string, unknown>
  const id = (body.id as string) ?? request.path.split('/')[1]
  return { id, version, firstName: 'Server', ...body, _base: undefined, createdAt: 'x', updatedAt: 'x' }
}
const ok = (request: ApiRequest, version = 1): ApiResponse => ({
  status: request.method === 'POST' ? 201 : 200,
  headers: {},
  body: { doc: serverDoc(request, version), message: 'ok' },
})
const error = (status: number, field = 'email', message = 'Must be a valid email address.'): ApiResponse => ({
  status,
  headers: {},
  body: { errors: [{ name: 'ValidationError', title: 'Bad', message, data: [{ field, message }] }] },
})

beforeEach(() => {
  db = new OutpostDb(`push-${crypto.randomUUID()}`)
  writes = { db, userId: 'u1' }
  sent = []
  notices = []
  answer = (request) => ok(request)
})
afterEach(() => db.delete())

describe('push', () => {
  it('sends a create with its id and idempotency key, then stores the server answer', async () => {
    const id = await createRecord(writes, 'contacts', { firstName: 'Ada' })
    expect(await push(engineContext())).toBe('ok')
    expect(sent[0]).toMatchObject({ method: 'POST', path: 'contacts', body: { id, firstName: 'Ada' } })
    expect(sent[0]?.headers?.['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(await db.outbox.count()).toBe(0)
    expect(await db.contacts.get(id)).toMatchObject({ id, version: 1, firstName: 'Ada' })
  })

  it('sends an update with If-Match and base values, one record at a time in order', async () => {
    await db.contacts.put({ id: 'c1', version: 3, firstName: 'Ada', title: 'Ms' } as never)
    await updateRecord(writes, 'contacts', 'c1', { title: 'Dr' })
    await push(engineContext())
    expect(sent[0]).toMatchObject({
      method: 'PATCH',
      path: 'contacts/c1',
      body: { title: 'Dr', _base: { title: 'Ms' } },
    })
    expect(sent[0]?.headers?.['if-match']).toBe('"3"')
  })

  it('rebases a later edit on the version its earlier op produced', async () => {
    const id = await createRecord(writes, 'contacts', { firstName: 'Ada' })
    const [create] = await opsFor(db, 'contacts', id)
    await db.outbox.update(create?.seq as number, { attempts: 1 }) // as if a first attempt had been made
    await updateRecord(writes, 'contacts', id, { title: 'Dr' })
    await push(engineContext())
    expect(sent.map((request) => request.method)).toEqual(['POST', 'PATCH'])
    expect(sent[1]?.headers?.['if-match']).toBe('"1"')
    expect(await db.contacts.get(id)).toMatchObject({ title: 'Dr' })
  })

  it('keeps a refused change with its field errors and blocks only that record', async () => {
    const bad = await createRecord(writes, 'contacts', { firstName: 'Bad', email: 'x' })
    const good = await createRecord(writes, 'contacts', { firstName: 'Good' })
    await updateRecord(writes, 'contacts', bad, { title: 'later' })
    answer = (request) => ((request.body as { id?: string }).id === bad ? error(400) : ok(request))
    await push(engineContext())
    const ops = await opsFor(db, 'contacts', bad)
    expect(ops.map((op) => op.status)).toEqual(['failed'])
    expect(ops[0]?.lastError?.body?.errors[0]?.data?.[0]).toEqual({
      field: 'email',
      message: 'Must be a valid email address.',
    })
    expect(notices).toEqual(['Error while saving - Must be a valid email address. (email)'])
    expect(await opsFor(db, 'contacts', good)).toEqual([])
    expect(await db.contacts.get(bad)).toMatchObject({ email: 'x', title: 'later' })
  })

  it('marks a 412 as a conflict with the server doc, keeping the user’s values', async () => {
    await db.contacts.put({ id: 'c1', version: 3, firstName: 'Ada', title: 'Ms' } as never)
    await updateRecord(writes, 'contacts', 'c1', { title: 'Dr' })
    answer = () => ({
      ...error(412, 'title', 'This record was changed by someone else.'),
      body: {
        ...(error(412, 'title', 'This record was changed by someone else.').body as object),
        doc: { id: 'c1', version: 4, title: 'Prof' },
      },
    })
    await push(engineContext())
    const [op] = await opsFor(db, 'contacts', 'c1')
    expect(op).toMatchObject({ status: 'conflict', serverDoc: { version: 4, title: 'Prof' } })
    expect(notices[0]).toBe('Error while saving - This record was changed by someone else. (title)')
    expect(await db.contacts.get('c1')).toMatchObject({ title: 'Dr' })
  })

  it('drops a record deleted on the server and tells the user what was lost', async () => {
    await db.contacts.put({ id: 'c1', version: 3, firstName: 'Ada', lastName: 'Lovelace' } as never)
    await updateRecord(writes, 'contacts', 'c1', { title: 'Dr' })
    answer = () => error(410, 'id', 'This record has been deleted.')
    await push(engineContext())
    expect(await db.contacts.get('c1')).toBeUndefined()
    expect(await db.outbox.count()).toBe(0)
    expect(await db.notices.toArray()).toMatchObject([
      { recordId: 'c1', lost: { title: 'Dr' }, name: 'Ada Lovelace' },
    ])
    expect(notices[0]).toContain('Ada Lovelace was deleted by someone else')
  })

  it('pauses everything on 401 without losing or counting the attempt', async () => {
    for (const name of ['A', 'B', 'C', 'D', 'E', 'F'])
      await createRecord(writes, 'contacts', { firstName: name })
    answer = () => error(401)
    expect(await push(engineContext())).toBe('auth')
    // The four sent at once all answered 401; nothing more was started after the first.
    expect(sent).toHaveLength(4)
    const ops = await db.outbox.toArray()
    expect(ops.map((op) => [op.status, op.attempts])).toEqual(Array(6).fill(['pending', 0]))
  })

  it('sends different records four at a time', async () => {
    for (let i = 0; i < 10; i++) await createRecord(writes, 'contacts', { firstName: `P${i}` })
    let inFlight = 0
    let most = 0
    const slow: Transport = async (request) => {
      inFlight++
      most = Math.max(most, inFlight)
      await new Promise((resolve) => setTimeout(resolve, 5))
      inFlight--
      return transport(request)
    }
    expect(await push({ ...engineContext(), transport: slow })).toBe('ok')
    expect(most).toBe(4)
    expect(sent).toHaveLength(10)
    expect(await db.outbox.count()).toBe(0)
    expect(await db.contacts.count()).toBe(10)
  })

  it('backs off after a 503 and retries once the delay has passed', async () => {
    await createRecord(writes, 'contacts', { firstName: 'A' })
    answer = () => ({ status: 503, headers: {}, body: {} })
    await push(engineContext())
    const [op] = await db.outbox.toArray()
    expect(op?.status).toBe('pending')
    expect(op?.nextAttemptAt).toBeGreaterThan(clock.now)
    await push(engineContext())
    expect(sent).toHaveLength(1) // not yet due
    clock.now = op?.nextAttemptAt as number
    answer = (request) => ok(request)
    await push(engineContext())
    expect(await db.outbox.count()).toBe(0)
  })

  it('stops at a network error and leaves the op queued', async () => {
    await createRecord(writes, 'contacts', { firstName: 'A' })
    answer = () => 'network'
    expect(await push(engineContext())).toBe('offline')
    const [op] = await db.outbox.toArray()
    expect(op).toMatchObject({ status: 'pending', attempts: 1 })
  })

  it('waits for the ops a change depends on', async () => {
    const first = await createRecord(writes, 'contacts', { firstName: 'First' })
    const second = await createRecord(writes, 'contacts', { firstName: 'Second' })
    const [firstOp] = await opsFor(db, 'contacts', first)
    const [secondOp] = await opsFor(db, 'contacts', second)
    await db.outbox.update(secondOp?.seq as number, { deps: [firstOp?.opId as string] })
    answer = (request) => ((request.body as { id?: string }).id === first ? error(400) : ok(request))
    await push(engineContext())
    expect(sent).toHaveLength(1)
    expect((await opsFor(db, 'contacts', second))[0]?.status).toBe('pending')
  })
})
