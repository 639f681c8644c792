import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OutpostDb } from '../../src/db/database'
import type { OutboxOp } from '../../src/db/outbox-types'
import { createRecord, opsFor, updateRecord, type WriteContext } from '../../src/db/record-writes'
import type { EngineContext } from '../../src/sync/context'
import { push } from '../../src/sync/push'
import { type ApiRequest, type ApiResponse, NetworkError, type Transport } from '../../src/transport/http'
import { answerBatch } from './fake-server'

let db: OutpostDb
let writes: WriteContext
let sent: ApiRequest[]
let notices: string[]
let answer: (request: ApiRequest) => ApiResponse | 'network'
const clock = { now: 1_000_000 }

/** Every request as it went out: a batch is one, its changes each in `sent`. */
let requests: ApiRequest[]
/** When set, the answer to a batch as a whole, instead of its changes' own. */
let batchAnswer: ApiResponse | undefined
/** When set, what the user does while the next request is in flight (once). */
let during: (() => Promise<void>) | undefined

const transport: Transport = async (request) => {
  requests.push(request)
  const meanwhile = during
  during = undefined
  await meanwhile?.()
  const one = (change: ApiRequest) => {
    sent.push(change)
    return answer(change)
  }
  if (request.path === 'sync/batch') return batchAnswer ?? answerBatch(request, one)
  const result = one(request)
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
  requests = []
  batchAnswer = undefined
  during = undefined
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

  // A settle finds what is queued behind its answers from what its round saw (read again by seq), and
  // what was queued since (the range after the round's last seq, or a query per record when that
  // holds more than the answers): each way must rebase every later edit on its own record's version.
  it.each([
    ['queued before the round', 'before', 0],
    ['made while the creates were in flight', 'during', 0],
    ['made in flight beside more new records than answers', 'during', 3],
  ])('rebases each later edit on its own record’s new version: edits %s', async (_, when, others) => {
    const ids = [await createRecord(writes, 'contacts', { firstName: 'Ada' })]
    ids.push(await createRecord(writes, 'contacts', { firstName: 'Grace' }))
    const edit = async () => {
      for (const id of ids) await updateRecord(writes, 'contacts', id, { title: `Dr ${id}` })
      for (let n = 0; n < others; n++) await createRecord(writes, 'contacts', { firstName: `New${n}` })
    }
    if (when === 'before') {
      for (const id of ids) {
        const [create] = await opsFor(db, 'contacts', id)
        await db.outbox.update(create?.seq as number, { attempts: 1 }) // each edit queues behind its create
      }
      await edit()
    } else during = edit
    // Each record's create lands as a different version, so a later edit rebased on another's shows.
    const versions = new Map(ids.map((id, at) => [id, at + 4]))
    answer = (request) => {
      const id = (request.body as { id?: string }).id ?? request.path.split('/')[1] ?? ''
      return ok(request, versions.get(id) ?? 1)
    }
    await push(engineContext())
    const patches = sent.filter((request) => request.method === 'PATCH')
    expect(patches.map((request) => [request.path, request.headers?.['if-match']])).toEqual(
      ids.map((id) => [`contacts/${id}`, `"${versions.get(id)}"`]),
    )
    expect(await db.outbox.count()).toBe(0)
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(ids.length + others)
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

  it('clears exactly the landed ops from the outbox, those around a refused one too', async () => {
    // Landed in runs of consecutive seqs (1, 3–5, 7–8), each cleared as one range, and alone.
    const names = ['Ada', 'Refused', 'Grace', 'Linus', 'Ken', 'Refused', 'Barbara', 'Alan']
    const ids: string[] = []
    for (const firstName of names) ids.push(await createRecord(writes, 'contacts', { firstName }))
    answer = (request) =>
      (request.body as { firstName?: string }).firstName === 'Refused' ? error(400) : ok(request)
    await push(engineContext())
    const left = await db.outbox.toArray()
    expect(left.map((op) => [op.recordId, op.status])).toEqual([
      [ids[1], 'failed'],
      [ids[5], 'failed'],
    ])
    const landed = ids.filter((_, n) => names[n] !== 'Refused')
    expect((await db.contacts.bulkGet(landed)).map((row) => row?.version)).toEqual(landed.map(() => 1))
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
    for (let i = 0; i < 250; i++) await createRecord(writes, 'contacts', { firstName: `A${i}` })
    answer = () => error(401)
    expect(await push(engineContext())).toBe('auth')
    // Three batches sent at once all answered 401; nothing more was started after them.
    expect(requests.map((request) => request.path)).toEqual(['sync/batch', 'sync/batch', 'sync/batch'])
    const ops = await db.outbox.toArray()
    expect(ops.map((op) => [op.status, op.attempts])).toEqual(Array(250).fill(['pending', 0]))
  })

  it('sends different records in batches of up to 100, four requests at a time', async () => {
    for (let i = 0; i < 450; i++) await createRecord(writes, 'contacts', { firstName: `P${i}` })
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
    expect(requests.map((request) => (request.body as { changes: unknown[] }).changes.length)).toEqual([
      100, 100, 100, 100, 50,
    ])
    expect(sent).toHaveLength(450)
    expect(new Set(sent.map((change) => change.headers?.['idempotency-key'])).size).toBe(450)
    expect(await db.outbox.count()).toBe(0)
    expect(await db.contacts.count()).toBe(450)
  })

  it('sends a lost batch again under the same keys, and a batch the server rolled back twice change by change', async () => {
    for (const name of ['A', 'B', 'C']) await createRecord(writes, 'contacts', { firstName: name })
    answer = () => 'network'
    expect(await push(engineContext())).toBe('offline')
    const keys = sent.map((change) => change.headers?.['idempotency-key'])
    expect(await db.outbox.toArray()).toMatchObject(Array(3).fill({ status: 'pending', attempts: 1 }))

    // The server answered the batch with a 500: nothing of it landed. Tried as a batch once more (a
    // deploy's 502 passes), then, failing as a whole again, each change alone.
    answer = (request) => ok(request)
    batchAnswer = {
      status: 500,
      headers: {},
      body: { errors: [{ name: 'InternalServerError', message: 'x' }] },
    }
    for (const round of [1, 2]) {
      sent = []
      requests = []
      clock.now = Math.max(clock.now, ...(await db.outbox.toArray()).map((op) => op.nextAttemptAt))
      await push(engineContext())
      expect(requests.map((request) => request.path)).toEqual(['sync/batch'])
      expect(await db.outbox.toArray()).toMatchObject(
        Array(3).fill({ status: 'pending', lastError: { status: 500, wholeBatches: round } }),
      )
    }

    requests = []
    sent = []
    clock.now = Math.max(...(await db.outbox.toArray()).map((op) => op.nextAttemptAt))
    await push(engineContext())
    expect(requests.map((request) => request.path)).toEqual(['contacts', 'contacts', 'contacts'])
    expect(requests.map((request) => request.headers?.['idempotency-key'])).toEqual(keys)
    expect(await db.outbox.count()).toBe(0)
  })

  it('takes an answer that is not one status per change as a batch that failed as a whole', async () => {
    for (const name of ['A', 'B']) await createRecord(writes, 'contacts', { firstName: name })
    batchAnswer = { status: 200, headers: {}, body: { answers: [{ status: 201, body: {} }, null] } }
    expect(await push(engineContext())).toBe('ok')
    expect(await db.outbox.toArray()).toMatchObject(
      Array(2).fill({ status: 'pending', lastError: { status: 502, wholeBatches: 1 } }),
    )
    expect(await db.contacts.count()).toBe(2)
  })

  it('sends a change too large for a batch alone, beside a batch of the rest', async () => {
    const large = await createRecord(writes, 'contacts', { firstName: 'Large', notes: 'n'.repeat(300_000) })
    for (const name of ['B', 'C']) await createRecord(writes, 'contacts', { firstName: name })
    await push(engineContext())
    expect(requests.map((request) => request.path)).toEqual(['contacts', 'sync/batch'])
    expect(requests[0]?.body).toMatchObject({ id: large })
    expect(await db.outbox.count()).toBe(0)
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

  it('after a round that found no network, marks one batch in flight, not the whole queue, until answered', async () => {
    for (let n = 0; n < 450; n++) await createRecord(writes, 'contacts', { firstName: `Queued${n}` })
    const inFlight: number[] = []
    const counting: Transport = async (request) => {
      inFlight.push(await db.outbox.where('status').equals('inflight').count())
      return transport(request)
    }
    const ctx = { ...engineContext(), transport: counting }
    answer = () => 'network'
    expect(await push(ctx)).toBe('offline')
    expect(inFlight[0]).toBe(450)
    inFlight.length = 0
    expect(await push(ctx)).toBe('offline')
    expect(inFlight).toEqual([100])
    expect(await db.outbox.where('status').equals('pending').count()).toBe(450)

    // Answered again: the first round is one batch, and the rest go as one round again.
    inFlight.length = 0
    answer = (request) => ok(request)
    expect(await push(ctx)).toBe('ok')
    expect(await db.outbox.count()).toBe(0)
    expect(inFlight[0]).toBe(100)
    expect(inFlight[1]).toBe(350)
  })

  it('after a round that found no network, reads the queue a part at a time, deps beyond it looked up', async () => {
    for (let n = 0; n < 1_050; n++) await createRecord(writes, 'contacts', { firstName: `Queued${n}` })
    const ops = await db.outbox.orderBy('seq').toArray()
    // One of the first ops waits on another far behind it, beyond the first part read.
    const waiting = ops[5] as OutboxOp
    const awaited = ops[1_040] as OutboxOp
    await db.outbox.update(waiting.seq as number, { deps: [awaited.opId] })
    answer = () => 'network'
    expect(await push(engineContext())).toBe('offline')

    answer = (request) => ok(request)
    requests.length = 0
    sent.length = 0
    expect(await push(engineContext())).toBe('ok')
    // A batch carries its changes; a change alone is its own request.
    const carried = (request: ApiRequest) =>
      (request.body as { changes?: { body?: { id?: string } }[] }).changes?.map((change) => change.body) ?? [
        request.body as { id?: string },
      ]
    const requestOf = (id: string) =>
      requests.findIndex((request) => carried(request).some((body) => body?.id === id))
    // The first round is one batch, found in the first part read, without the op that waits.
    expect(carried(requests[0] as ApiRequest)).toHaveLength(100)
    expect(requestOf(waiting.recordId)).toBeGreaterThan(requestOf(awaited.recordId))
    expect(sent).toHaveLength(1_050)
    expect(await db.outbox.count()).toBe(0)
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
