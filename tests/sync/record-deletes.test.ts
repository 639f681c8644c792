/**
 * Many records deleted at once (record-writes.ts `deleteRecords`, a list's selection): each as
 * `deleteRecord` deletes it, in one transaction, and each undone as `undoDelete` undoes it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OutpostDb } from '../../src/db/database'
import type { OutboxOp } from '../../src/db/outbox-types'
import {
  createRecord,
  deleteRecord,
  deleteRecords,
  undoDeletes,
  updateRecord,
  type WriteContext,
} from '../../src/db/record-writes'

const dbs: OutpostDb[] = []
const device = (): WriteContext => {
  const db = new OutpostDb(`deletes-${crypto.randomUUID()}`)
  dbs.push(db)
  return { db, userId: 'u1', now: () => 1_000 }
}
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((db) => db.delete()))
})

/** A synced contact: its row as the server sent it, nothing queued. */
const synced = async ({ db }: WriteContext, id: string, firstName: string) => {
  await db.contacts.add({ id, firstName, lastName: 'Synced', email: '', version: 3 } as never)
}

/** A mix of what a selection holds: synced records, one never sent, one with an unsent edit, one edit already sent. */
async function mixed(ctx: WriteContext) {
  const ids = Array.from({ length: 5 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`)
  for (const [i, id] of ids.entries()) await synced(ctx, id, `Person${i}`)
  const fresh = await createRecord(ctx, 'contacts', { firstName: 'Never', lastName: 'Sent' })
  await updateRecord(ctx, 'contacts', ids[1] as string, { title: 'Edited here' })
  await updateRecord(ctx, 'contacts', ids[2] as string, { title: 'Sent already' })
  await ctx.db.outbox.where({ recordId: ids[2] }).modify({ status: 'inflight', attempts: 1 })
  return [...ids, fresh]
}

/** What a queue says, without what differs between two devices (ids made on the way, the order of writes). */
const queueOf = async ({ db }: WriteContext) =>
  ((await db.outbox.toArray()) as OutboxOp[])
    .map(({ seq: _seq, opId: _opId, ...op }) => op)
    .sort((a, b) => `${a.recordId}${a.kind}`.localeCompare(`${b.recordId}${b.kind}`))

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
    expect(queue.filter((op) => op.kind === 'delete').every((op) => op.nextAttemptAt === 9_000)).toBe(true)
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

  it('undoes every delete that has not left, and answers how many came back', async () => {
    const ids = await mixed(here)
    const before = await queueOf(here)
    const deleted = await deleteRecords(here, 'contacts', ids, { holdMs: 8_000 })
    expect(await undoDeletes(here, deleted)).toBe(ids.length)
    expect(await here.db.contacts.count()).toBe(ids.length)
    expect(await queueOf(here)).toEqual(before)
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
