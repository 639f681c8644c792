/**
 * Writes to many records at once (src/db/bulk-writes.ts, a list's selection): deletes and one field set,
 * each as its single write takes a record (`deleteRecord`, `updateRecord`), in one transaction; and their
 * undo (`undoDeletes`, `undoEdits`).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { deleteRecords, undoDeletes, undoEdits, updateRecords } from '../../src/db/bulk-writes'
import { OutpostDb } from '../../src/db/database'
import type { OutboxOp } from '../../src/db/outbox-types'
import { createRecord, deleteRecord, updateRecord, type WriteContext } from '../../src/db/record-writes'
import { watchRequests } from './watch-requests'

const dbs: OutpostDb[] = []
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()))
})

/** A fresh device's database (deleted after the test), its clock stopped at 1 s. */
function device(): WriteContext {
  const db = new OutpostDb(`selection-${crypto.randomUUID()}`)
  dbs.push(db)
  return { db, userId: 'u1', now: () => 1_000 }
}

/** A synced contact: its row as the server sent it, nothing queued. */
async function synced({ db }: WriteContext, id: string, firstName: string, department = '') {
  await db.contacts.add({
    id,
    firstName,
    lastName: 'Synced',
    email: '',
    department,
    version: 3,
    updatedAt: '2026-11-30T09:00:00.000Z',
  } as never)
}

/**
 * A selection's mix: five synced records (the last in Sales), one never sent, one with an unsent edit,
 * one whose edit was sent, one whose edit was refused; answers their ids, the one never sent last.
 */
async function mixed(ctx: WriteContext) {
  const ids = Array.from({ length: 5 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`)
  for (const [i, id] of ids.entries()) await synced(ctx, id, `Person${i}`, i === 4 ? 'Sales' : '')
  const fresh = await createRecord(ctx, 'contacts', { firstName: 'Never', lastName: 'Sent' })
  await updateRecord(ctx, 'contacts', ids[1] as string, { title: 'Edited here' })
  await updateRecord(ctx, 'contacts', ids[2] as string, { title: 'Sent already' })
  await ctx.db.outbox.where({ recordId: ids[2] }).modify({ status: 'inflight', attempts: 1 })
  await updateRecord(ctx, 'contacts', ids[3] as string, { title: 'Refused' })
  await ctx.db.outbox.where({ recordId: ids[3] }).modify({ status: 'failed', attempts: 1 })
  return [...ids, fresh]
}

/** What a queue says, without what differs between two devices (ids made on the way, the order of writes). */
const queueOf = async ({ db }: WriteContext) =>
  ((await db.outbox.toArray()) as OutboxOp[])
    .map(({ seq: _seq, opId: _opId, ...op }) => op)
    .sort((a, b) => `${a.recordId}${a.kind}${a.status}`.localeCompare(`${b.recordId}${b.kind}${b.status}`))

describe('deleting many records at once', () => {
  let here: WriteContext
  beforeEach(() => {
    here = device()
  })

  it('leaves the device as deleting each one by one would, the queue included', async () => {
    const alone = device()
    const ids = await mixed(here)
    const sameIds = await mixed({ ...alone, newId: () => ids[5] as string })
    expect(sameIds).toEqual(ids)
    const deleted = await deleteRecords(here, 'contacts', ids, { holdMs: 8_000 })
    for (const id of ids) await deleteRecord(alone, 'contacts', id, { holdMs: 8_000 })

    expect(await here.db.contacts.count()).toBe(0)
    expect(await queueOf(here)).toEqual(await queueOf(alone))
    // The record never sent goes with its create: nothing of it is queued. The edit already sent stays
    // queued before its delete; the unsent edit became the delete. The deletes wait 8 s to be sent.
    const queue = await queueOf(here)
    const [p0, p1, p2, p3, p4] = ids
    expect(queue.map((op) => `${op.recordId} ${op.kind}`)).toEqual([
      `${p0} delete`,
      `${p1} delete`,
      `${p2} delete`,
      `${p2} update`,
      `${p3} delete`,
      `${p4} delete`,
    ])
    // Each delete waits 8 s for its undo, but the one that went back to the queue in place of a refused
    // edit (under a new id): that one cannot be undone (undoDelete), so it does not wait.
    expect(queue.filter((op) => op.kind === 'delete').map((op) => [op.recordId, op.nextAttemptAt])).toEqual(
      [p0, p1, p2, p3, p4].map((id) => [id, id === p3 ? 0 : 9_000]),
    )
    expect(deleted.map((each) => each.id)).toEqual(ids)
    expect(deleted.find((each) => each.id === ids[0])).toMatchObject({
      queued: true,
      row: { firstName: 'Person0' },
    })
    expect(deleted.find((each) => each.id === ids[5])?.queued).toBe(false)
  })

  it('keeps what each record was, for a conflict to show, and the version it was deleted at', async () => {
    await synced(here, 'c0000000-0000-4000-8000-000000000001', 'Grace')
    await deleteRecords(here, 'contacts', ['c0000000-0000-4000-8000-000000000001'])
    const [op] = await queueOf(here)
    expect(op).toMatchObject({ kind: 'delete', baseVersion: 3, nextAttemptAt: 0 })
    expect(op?.before).toMatchObject({ firstName: 'Grace', lastName: 'Synced' })
  })

  it('deletes a record named twice once', async () => {
    await synced(here, 'c0000000-0000-4000-8000-000000000001', 'Grace')
    const id = 'c0000000-0000-4000-8000-000000000001'
    expect(await deleteRecords(here, 'contacts', [id, id])).toHaveLength(1)
    expect(await here.db.outbox.count()).toBe(1)
  })

  it('undoes every delete that can be undone, and answers how many came back', async () => {
    const ids = await mixed(here)
    const before = await queueOf(here)
    const deleted = await deleteRecords(here, 'contacts', ids, { holdMs: 8_000 })
    // All but the one whose delete replaced a refused edit under a new id (others may wait on that id).
    expect(await undoDeletes(here, deleted)).toBe(ids.length - 1)
    expect(await here.db.contacts.get(ids[3] as string)).toBeUndefined()
    expect(await here.db.contacts.count()).toBe(ids.length - 1)
    const refusedOne = (op: { recordId: string }) => op.recordId !== ids[3]
    expect((await queueOf(here)).filter(refusedOne)).toEqual(before.filter(refusedOne))
  })

  it('brings back none whose delete was already sent', async () => {
    await synced(here, 'c0000000-0000-4000-8000-000000000001', 'Grace')
    await synced(here, 'c0000000-0000-4000-8000-000000000002', 'Alan')
    const deleted = await deleteRecords(here, 'contacts', [
      'c0000000-0000-4000-8000-000000000001',
      'c0000000-0000-4000-8000-000000000002',
    ])
    await here.db.outbox
      .where({ recordId: 'c0000000-0000-4000-8000-000000000001' })
      .modify({ status: 'inflight', attempts: 1 })
    expect(await undoDeletes(here, deleted)).toBe(1)
    expect((await here.db.contacts.toArray()).map((row) => row.firstName)).toEqual(['Alan'])
  })
})

const departments = async ({ db }: WriteContext) =>
  (await db.contacts.orderBy('id').toArray()).map((row) => row.department ?? '')

describe('setting one field for many records at once', () => {
  let here: WriteContext
  beforeEach(() => {
    here = device()
  })

  it('leaves the device as editing each one by one would, the queue included', async () => {
    const alone = device()
    const ids = await mixed(here)
    expect(await mixed({ ...alone, newId: () => ids[5] as string })).toEqual(ids)
    const edited = await updateRecords(
      here,
      'contacts',
      ids.map((id) => ({ id, values: { department: 'Sales' } })),
    )
    for (const id of ids) await updateRecord(alone, 'contacts', id, { department: 'Sales' })

    expect(await here.db.contacts.toArray()).toEqual(await alone.db.contacts.toArray())
    expect(await queueOf(here)).toEqual(await queueOf(alone))
    // Person4 was in Sales already: nothing to change, nothing queued for it.
    expect(edited.map(({ id }) => id)).toEqual(ids.filter((id) => id !== ids[4]))
    expect(edited[0]).toEqual({ id: ids[0], before: { department: '' } })
    const queue = await queueOf(here)
    // The unsent edit took the department in; the one in flight has a new update after it.
    expect(queue.filter((op) => op.recordId === ids[1])).toHaveLength(1)
    expect(queue.filter((op) => op.recordId === ids[2]).map((op) => op.status)).toEqual([
      'inflight',
      'pending',
    ])
    expect(queue.find((op) => op.recordId === ids[0])).toMatchObject({
      kind: 'update',
      patch: { department: 'Sales' },
      base: { department: '' },
      baseVersion: 3,
    })
  })

  it('leaves out a record the device no longer holds, and edits one named twice once', async () => {
    const id = 'c0000000-0000-4000-8000-000000000001'
    await synced(here, id, 'Grace')
    const edited = await updateRecords(here, 'contacts', [
      { id, values: { title: 'CTO' } },
      { id: 'c0000000-0000-4000-8000-000000000009', values: { title: 'CTO' } },
      { id, values: { title: 'CEO' } },
    ])
    expect(edited).toEqual([{ id, before: { title: undefined } }])
    expect((await here.db.contacts.get(id))?.title).toBe('CEO')
    expect(await here.db.outbox.count()).toBe(1)
  })

  it('makes each edit wait for the company it names while that company is still to be sent', async () => {
    await synced(here, 'c0000000-0000-4000-8000-000000000001', 'Grace')
    await synced(here, 'c0000000-0000-4000-8000-000000000002', 'Alan')
    const company = await createRecord(here, 'companies', { companyName: 'Analytical Engines' })
    const [create] = await here.db.outbox.where({ recordId: company }).toArray()
    const relationship = { relationTo: 'companies', value: company }
    await updateRecords(here, 'contacts', [
      { id: 'c0000000-0000-4000-8000-000000000001', values: { company: relationship } },
      { id: 'c0000000-0000-4000-8000-000000000002', values: { company: relationship } },
    ])
    const updates = (await here.db.outbox.toArray()).filter((op) => op.kind === 'update')
    expect(updates.map((op) => op.deps)).toEqual([[create?.opId], [create?.opId]])
  })

  it('undoes each edit where the record still holds the value set, and answers how many', async () => {
    const ids = await mixed(here)
    const before = await departments(here)
    const edited = await updateRecords(
      here,
      'contacts',
      ids.map((id) => ({ id, values: { department: 'Sales' } })),
    )
    // Someone changed one of them again since: their newer choice stays.
    await updateRecord(here, 'contacts', ids[3] as string, { department: 'IT' })
    expect(await undoEdits(here, 'contacts', edited, { department: 'Sales' })).toBe(edited.length - 1)
    const after = await departments(here)
    const changedSince = (await here.db.contacts.orderBy('id').keys()).indexOf(ids[3] as string)
    expect(after).toEqual(before.map((department, i) => (i === changedSince ? 'IT' : department)))
  })

  it('leaves nothing to send after an edit and its undo made before any of it was sent', async () => {
    const ids = Array.from({ length: 3 }, (_, i) => `c0000000-0000-4000-8000-00000000000${i}`)
    for (const [i, id] of ids.entries()) await synced(here, id, `Person${i}`)
    const before = await here.db.contacts.toArray()
    const edited = await updateRecords(
      here,
      'contacts',
      ids.map((id) => ({ id, values: { department: 'Sales' } })),
    )
    expect(await here.db.outbox.count()).toBe(3)
    expect(await undoEdits(here, 'contacts', edited, { department: 'Sales' })).toBe(3)
    expect(await here.db.outbox.count()).toBe(0)
    // As the server has them again, their time included: no edit shows in a list or an export.
    expect(await here.db.contacts.toArray()).toStrictEqual(before)
  })

  it('reads the records once to undo their edit', async () => {
    const ids = await mixed(here)
    const edited = await updateRecords(
      here,
      'contacts',
      ids.map((id) => ({ id, values: { department: 'Sales' } })),
    )
    // On the tables' prototype: a transaction reads through table objects of its own.
    const reads = vi.spyOn(Object.getPrototypeOf(here.db.contacts), 'bulkGet')
    expect(await undoEdits(here, 'contacts', edited, { department: 'Sales' })).toBe(edited.length)
    const contactReads = reads.mock.contexts.filter((table) => table.name === 'contacts').length
    reads.mockRestore()
    expect(contactReads).toBe(1)
  })
})

describe('a selection over changes the server refused', () => {
  it('sends each back under a new id, keeps what waited for them waiting, and walks the queue once', async () => {
    const ctx = device()
    const requests = watchRequests(ctx.db)
    const ids = Array.from({ length: 40 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)
    for (const [i, id] of ids.entries()) {
      await synced(ctx, id, `Person${i}`)
      await updateRecord(ctx, 'contacts', id, { title: 'Refused' })
    }
    await ctx.db.outbox.toCollection().modify({ status: 'failed', attempts: 1 })
    const refused = (await ctx.db.outbox.toArray()) as OutboxOp[]
    // A change that waits for two of them (as a contact waits for its new company's create).
    const waiting = await createRecord(ctx, 'contacts', { firstName: 'Waiting', lastName: 'On them' })
    const [first, second] = refused
    await ctx.db.outbox
      .where({ recordId: waiting })
      .modify({ deps: [first?.opId as string, second?.opId as string] })
    requests.splice(0)

    await updateRecords(
      ctx,
      'contacts',
      ids.map((id) => ({ id, values: { department: 'Sales' } })),
    )

    const after = (await ctx.db.outbox.toArray()) as OutboxOp[]
    const again = after.filter((op) => op.recordId !== waiting)
    expect(again).toHaveLength(40)
    for (const op of again) {
      expect(op).toMatchObject({
        status: 'pending',
        attempts: 0,
        patch: { title: 'Refused', department: 'Sales' },
      })
      expect(refused.some((old) => old.opId === op.opId)).toBe(false)
    }
    const newIdOf = (old: OutboxOp | undefined) => again.find((op) => op.seq === old?.seq)?.opId
    expect(after.find((op) => op.recordId === waiting)?.deps).toEqual([newIdOf(first), newIdOf(second)])
    // One walk of the outbox for the ops waiting on any of the 40, not one walk each.
    const walks = requests.filter(({ table, kind }) => table === 'outbox' && kind === 'openCursor')
    expect(walks).toHaveLength(1)
  })
})
