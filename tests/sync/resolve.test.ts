import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createRecord, opsFor, updateRecord } from '../../src/db/record-writes'
import { push } from '../../src/sync/push'
import { conflictDiff, discardChange, resolveConflict, retryChange, syncIssues } from '../../src/sync/resolve'
import { json, scripted } from './fake-server'

let env: ReturnType<typeof scripted>
const server = { id: 'c1', version: 5, firstName: 'Ada', title: 'Prof', phone: '999' }

beforeEach(async () => {
  env = scripted()
  await env.db.contacts.put({ id: 'c1', version: 3, firstName: 'Ada', title: 'Ms', phone: '111' } as never)
})
afterEach(() => env.db.delete())

async function conflicted(doc: Record<string, unknown> = server) {
  await updateRecord(env.writes, 'contacts', 'c1', { title: 'Dr', phone: '222' })
  env.state.answer = () =>
    json(412, {
      errors: [
        {
          name: 'ConflictError',
          title: 'Conflict',
          message: 'Changed',
          data: [{ field: 'title', message: 'Changed' }],
        },
      ],
      doc,
    })
  await push(env.ctx)
  const [op] = await opsFor(env.db, 'contacts', 'c1')
  expect(op?.status).toBe('conflict')
  return op as NonNullable<typeof op>
}

describe('conflict resolution', () => {
  it('shows base, mine and theirs per field', async () => {
    const op = await conflicted()
    expect(conflictDiff(op)).toEqual([
      { field: 'title', base: 'Ms', mine: 'Dr', theirs: 'Prof' },
      { field: 'phone', base: '111', mine: '222', theirs: '999' },
    ])
    expect((await syncIssues(env.db)).changes).toHaveLength(1)
  })

  it('never asks about a field changed only here, and keeps it when theirs is taken', async () => {
    // Someone else changed the title; the phone is as this device last saw it.
    const op = await conflicted({ ...server, phone: '111' })
    expect(conflictDiff(op)).toEqual([{ field: 'title', base: 'Ms', mine: 'Dr', theirs: 'Prof' }])
    await resolveConflict(env.db, op, { title: 'theirs' })
    const [requeued] = await opsFor(env.db, 'contacts', 'c1')
    expect(requeued).toMatchObject({ status: 'pending', patch: { phone: '222' }, base: { phone: '111' } })
    expect(await env.db.contacts.get('c1')).toMatchObject({ title: 'Prof', phone: '222' })
  })

  it('does not ask about a field both changed alike', async () => {
    const op = await conflicted({ ...server, phone: '222' })
    expect(conflictDiff(op).map((diff) => diff.field)).toEqual(['title'])
  })

  it('keeps mine: re-queues on the server’s version under a new opId', async () => {
    const op = await conflicted()
    await resolveConflict(env.db, op, { title: 'mine', phone: 'mine' })
    const [requeued] = await opsFor(env.db, 'contacts', 'c1')
    expect(requeued).toMatchObject({
      status: 'pending',
      baseVersion: 5,
      patch: { title: 'Dr', phone: '222' },
    })
    expect(requeued?.base).toEqual({ title: 'Prof', phone: '999' })
    expect(requeued?.opId).not.toBe(op.opId)
    expect(await env.db.contacts.get('c1')).toMatchObject({ version: 5, title: 'Dr', phone: '222' })
  })

  it('takes theirs: drops the change and shows the server’s record', async () => {
    const op = await conflicted()
    await resolveConflict(env.db, op, { title: 'theirs', phone: 'theirs' })
    expect(await env.db.outbox.count()).toBe(0)
    expect(await env.db.contacts.get('c1')).toMatchObject({ version: 5, title: 'Prof', phone: '999' })
  })

  it('chooses field by field', async () => {
    const op = await conflicted()
    await resolveConflict(env.db, op, { title: 'theirs', phone: 'mine' })
    const [requeued] = await opsFor(env.db, 'contacts', 'c1')
    expect(requeued?.patch).toEqual({ phone: '222' })
    expect(await env.db.contacts.get('c1')).toMatchObject({ title: 'Prof', phone: '222' })
  })
})

describe('edits queued behind a conflict', () => {
  async function conflictedThenEdited() {
    const op = await conflicted()
    await updateRecord(env.writes, 'contacts', 'c1', { title: 'Dr.', firstName: 'Ada M.' })
    const later = (await opsFor(env.db, 'contacts', 'c1'))[1]
    expect(later).toMatchObject({ status: 'pending', base: { title: 'Dr', firstName: 'Ada' } })
    return op
  }
  const laterBase = async () => (await opsFor(env.db, 'contacts', 'c1')).at(-1)?.base

  it('taking theirs moves their base to the server’s value, so they do not conflict again', async () => {
    await resolveConflict(env.db, await conflictedThenEdited(), { title: 'theirs', phone: 'theirs' })
    expect(await env.db.outbox.count()).toBe(1)
    expect(await laterBase()).toEqual({ title: 'Prof', firstName: 'Ada' })
    expect(await env.db.contacts.get('c1')).toMatchObject({ title: 'Dr.', firstName: 'Ada M.', phone: '999' })
  })

  it('keeping mine leaves their base on my value, which the server will hold', async () => {
    await resolveConflict(env.db, await conflictedThenEdited(), { title: 'mine', phone: 'theirs' })
    expect(await laterBase()).toEqual({ title: 'Dr', firstName: 'Ada' })
  })

  it('discarding moves their base to the server’s value', async () => {
    await discardChange(env.ctx, await conflictedThenEdited())
    expect(await env.db.outbox.count()).toBe(1)
    expect(await laterBase()).toEqual({ title: 'Prof', firstName: 'Ada' })
  })
})

describe('refused changes', () => {
  it('retries a refused change as new', async () => {
    await updateRecord(env.writes, 'contacts', 'c1', { title: 'Dr' })
    env.state.answer = () =>
      json(403, { errors: [{ name: 'Forbidden', title: 'No', message: 'Not allowed.' }] })
    await push(env.ctx)
    const [failed] = await opsFor(env.db, 'contacts', 'c1')
    await retryChange(env.db, failed as NonNullable<typeof failed>)
    expect((await opsFor(env.db, 'contacts', 'c1'))[0]).toMatchObject({ status: 'pending', attempts: 0 })
  })

  it('discards a refused update and shows the server’s copy again', async () => {
    await updateRecord(env.writes, 'contacts', 'c1', { title: 'Dr' })
    env.state.answer = (request) =>
      request.method === 'GET'
        ? json(200, { ...server, version: 4, title: 'Ms' })
        : json(400, { errors: [{ name: 'ValidationError', title: 'Bad', message: 'Bad', data: [] }] })
    await push(env.ctx)
    const [failed] = await opsFor(env.db, 'contacts', 'c1')
    await discardChange(env.ctx, failed as NonNullable<typeof failed>)
    expect(await env.db.outbox.count()).toBe(0)
    expect(await env.db.contacts.get('c1')).toMatchObject({ version: 4, title: 'Ms' })
  })

  it('discards a refused create with the record', async () => {
    const id = await createRecord(env.writes, 'contacts', { firstName: 'X' })
    env.state.answer = () =>
      json(400, { errors: [{ name: 'ValidationError', title: 'Bad', message: 'Bad' }] })
    await push(env.ctx)
    const [failed] = await opsFor(env.db, 'contacts', id)
    await discardChange(env.ctx, failed as NonNullable<typeof failed>)
    expect(await env.db.contacts.get(id)).toBeUndefined()
    expect(await env.db.outbox.count()).toBe(0)
  })

  it('discards a refused update while offline by undoing its fields locally', async () => {
    await updateRecord(env.writes, 'contacts', 'c1', { title: 'Dr' })
    env.state.answer = () =>
      json(400, { errors: [{ name: 'ValidationError', title: 'Bad', message: 'Bad' }] })
    await push(env.ctx)
    const [failed] = await opsFor(env.db, 'contacts', 'c1')
    env.state.answer = () => 'network'
    await discardChange(env.ctx, failed as NonNullable<typeof failed>)
    expect(await env.db.outbox.count()).toBe(0)
    expect(await env.db.contacts.get('c1')).toMatchObject({ version: 3, title: 'Ms' })
  })
})
