import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { deleteRecords, undoEdits, updateRecords } from '../../src/db/bulk-writes'
import { OutpostDb } from '../../src/db/database'
import { writeImportChunk } from '../../src/db/import-writes'
import {
  createRecord,
  deleteRecord,
  opsFor,
  undoDelete,
  updateRecord,
  type WriteContext,
} from '../../src/db/record-writes'
import { mirrored } from '../../src/domain/collections'
import { watchRequests } from './watch-requests'

let db: OutpostDb
let ctx: WriteContext

beforeEach(() => {
  db = new OutpostDb(`writes-${crypto.randomUUID()}`)
  ctx = { db, userId: 'u1' }
})
afterEach(() => db.delete())

const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }

describe('local writes', () => {
  it('writes the row and its create op together', async () => {
    const id = await createRecord(ctx, 'contacts', ada)
    expect(await db.contacts.get(id)).toMatchObject({ ...ada, id, version: 0 })
    const ops = await opsFor(db, 'contacts', id)
    expect(ops).toHaveLength(1)
    expect(ops[0]).toMatchObject({ kind: 'create', patch: ada, status: 'pending', userId: 'u1' })
  })

  it('merges an update into a create that was never sent', async () => {
    const id = await createRecord(ctx, 'contacts', ada)
    await updateRecord(ctx, 'contacts', id, { title: 'Countess' })
    const ops = await opsFor(db, 'contacts', id)
    expect(ops).toHaveLength(1)
    expect(ops[0]?.patch).toEqual({ ...ada, title: 'Countess' })
  })

  it('queues only changed fields, with their base values and version', async () => {
    await db.contacts.put({ ...ada, id: 'c1', version: 4 } as never)
    const changed = await updateRecord(ctx, 'contacts', 'c1', { ...ada, title: 'Countess' })
    expect(changed).toEqual(['title'])
    const [op] = await opsFor(db, 'contacts', 'c1')
    expect(op).toMatchObject({
      kind: 'update',
      patch: { title: 'Countess' },
      base: { title: undefined },
      baseVersion: 4,
    })
  })

  it('queues nothing when nothing changed', async () => {
    await db.contacts.put({ ...ada, id: 'c1', version: 4 } as never)
    expect(await updateRecord(ctx, 'contacts', 'c1', { ...ada })).toEqual([])
    expect(await db.outbox.count()).toBe(0)
  })

  it('merges two pending updates, keeping the first base of each field', async () => {
    await db.contacts.put({ ...ada, id: 'c1', version: 2, title: 'Ms' } as never)
    await updateRecord(ctx, 'contacts', 'c1', { title: 'Dr' })
    await updateRecord(ctx, 'contacts', 'c1', { title: 'Prof', phone: '123' })
    const ops = await opsFor(db, 'contacts', 'c1')
    expect(ops).toHaveLength(1)
    expect(ops[0]).toMatchObject({
      patch: { title: 'Prof', phone: '123' },
      base: { title: 'Ms', phone: undefined },
    })
  })

  it('leaves no op when an unsent edit is put back as the server has it, and sends only what still differs', async () => {
    await db.contacts.put({ ...ada, id: 'c1', version: 2, title: 'Ms', phone: '1' } as never)
    await updateRecord(ctx, 'contacts', 'c1', { title: 'Dr' })
    await updateRecord(ctx, 'contacts', 'c1', { title: 'Ms' })
    expect(await opsFor(db, 'contacts', 'c1')).toEqual([])
    expect(await db.contacts.get('c1')).toMatchObject({ title: 'Ms', version: 2 })

    await updateRecord(ctx, 'contacts', 'c1', { title: 'Dr', phone: '2' })
    await updateRecord(ctx, 'contacts', 'c1', { phone: '1' })
    const ops = await opsFor(db, 'contacts', 'c1')
    expect(ops).toHaveLength(1)
    expect(ops[0]).toMatchObject({ patch: { title: 'Dr' }, base: { title: 'Ms' } })
    expect(ops[0]?.patch).not.toHaveProperty('phone')
  })

  describe("the row's time when an edit is put back before it was sent", () => {
    let clock = 0
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 30, 9, minute)).toISOString()
    const timed = () => ({ ...ctx, now: () => Date.parse(at(clock)) })
    const edit = (minute: number, values: Record<string, unknown>) => {
      clock = minute
      return updateRecord(timed(), 'contacts', 'c1', values)
    }
    const updatedAt = async () => (await db.contacts.get('c1'))?.updatedAt

    beforeEach(async () => {
      await db.contacts.put({ ...ada, id: 'c1', version: 2, title: 'Ms', updatedAt: at(0) } as never)
    })

    it('is the time the server gave it again: the list and the export show no edit', async () => {
      await edit(10, { title: 'Dr' })
      expect(await updatedAt()).toBe(at(10))
      await edit(20, { title: 'Prof' })
      await edit(30, { title: 'Ms' })
      expect(await opsFor(db, 'contacts', 'c1')).toEqual([])
      expect(await updatedAt()).toBe(at(0))
    })

    it("is the server copy's time when that copy came under the edit since (a pull)", async () => {
      await edit(10, { title: 'Dr' })
      // A pull laid the server's newer copy under the queued edit: the row shows its time.
      await db.contacts.update('c1', { version: 3, phone: '555', updatedAt: at(15) })
      await edit(20, { title: 'Prof' })
      await edit(30, { title: 'Ms' })
      expect(await opsFor(db, 'contacts', 'c1')).toEqual([])
      expect(await updatedAt()).toBe(at(15))
    })

    it('is the time of the edit in flight behind it', async () => {
      await edit(10, { title: 'Dr' })
      await db.outbox.where({ recordId: 'c1' }).modify({ status: 'inflight', attempts: 1 })
      await edit(20, { title: 'Prof' })
      await edit(30, { title: 'Dr' })
      expect((await opsFor(db, 'contacts', 'c1')).map((op) => op.status)).toEqual(['inflight'])
      expect(await updatedAt()).toBe(at(10))
    })

    it("is the edit's own time while anything is left to send", async () => {
      await edit(10, { title: 'Dr', phone: '1' })
      await edit(20, { title: 'Ms' })
      expect(await opsFor(db, 'contacts', 'c1')).toHaveLength(1)
      expect(await updatedAt()).toBe(at(20))
    })
  })

  it('sends an edit put back behind one in flight: the server is to have the old value again', async () => {
    await db.contacts.put({ ...ada, id: 'c1', version: 2, title: 'Ms' } as never)
    await updateRecord(ctx, 'contacts', 'c1', { title: 'Dr' })
    await db.outbox.where({ recordId: 'c1' }).modify({ status: 'inflight', attempts: 1 })
    await updateRecord(ctx, 'contacts', 'c1', { title: 'Prof' })
    await updateRecord(ctx, 'contacts', 'c1', { title: 'Dr' })
    // The pending op's base is 'Dr' (what the op in flight leaves): putting 'Dr' back is no change to it.
    expect((await opsFor(db, 'contacts', 'c1')).map((op) => op.status)).toEqual(['inflight'])
    await updateRecord(ctx, 'contacts', 'c1', { title: 'Ms' })
    const ops = await opsFor(db, 'contacts', 'c1')
    expect(ops.map((op) => [op.status, op.patch])).toEqual([
      ['inflight', { title: 'Dr' }],
      ['pending', { title: 'Ms' }],
    ])
  })

  it('keeps a refused edit put back as it was: the server may hold another value since', async () => {
    await db.contacts.put({ ...ada, id: 'c1', version: 2, title: 'Ms' } as never)
    await updateRecord(ctx, 'contacts', 'c1', { title: 'Dr' })
    const [refused] = await opsFor(db, 'contacts', 'c1')
    await db.outbox.update(refused?.seq as number, { status: 'failed', attempts: 1 })
    await updateRecord(ctx, 'contacts', 'c1', { title: 'Ms' })
    const ops = await opsFor(db, 'contacts', 'c1')
    expect(ops).toHaveLength(1)
    expect(ops[0]).toMatchObject({ status: 'pending', patch: { title: 'Ms' }, base: { title: 'Ms' } })
    expect(ops[0]?.opId).not.toBe(refused?.opId)
  })

  it('never merges into an op that is in flight', async () => {
    await db.contacts.put({ ...ada, id: 'c1', version: 2 } as never)
    await updateRecord(ctx, 'contacts', 'c1', { title: 'Dr' })
    const [first] = await opsFor(db, 'contacts', 'c1')
    await db.outbox.update(first?.seq as number, { status: 'inflight', attempts: 1 })
    await updateRecord(ctx, 'contacts', 'c1', { title: 'Prof' })
    const ops = await opsFor(db, 'contacts', 'c1')
    expect(ops.map((op) => op.patch)).toEqual([{ title: 'Dr' }, { title: 'Prof' }])
    expect(ops[1]?.base).toEqual({ title: 'Dr' })
  })

  it('cancels a create and its updates when the record is deleted before it was sent', async () => {
    const id = await createRecord(ctx, 'contacts', ada)
    await updateRecord(ctx, 'contacts', id, { title: 'Countess' })
    await deleteRecord(ctx, 'contacts', id)
    expect(await db.outbox.count()).toBe(0)
    expect(await db.contacts.get(id)).toBeUndefined()
  })

  it('turns a pending update followed by a delete into a delete', async () => {
    await db.contacts.put({ ...ada, id: 'c1', version: 3 } as never)
    await updateRecord(ctx, 'contacts', 'c1', { title: 'Dr' })
    await deleteRecord(ctx, 'contacts', 'c1')
    const ops = await opsFor(db, 'contacts', 'c1')
    expect(ops).toHaveLength(1)
    expect(ops[0]).toMatchObject({ kind: 'delete', baseVersion: 3, patch: {} })
    // The record as the server had it, for a conflict to show what someone else changed since.
    expect(ops[0]?.before).toMatchObject({ ...ada, title: undefined })
    expect(await db.contacts.get('c1')).toBeUndefined()
  })

  it('keeps the deleted record as it was, for a conflict to show what changed since', async () => {
    await db.contacts.put({ ...ada, id: 'c1', version: 3, title: 'Ms' } as never)
    await deleteRecord(ctx, 'contacts', 'c1')
    const [op] = await opsFor(db, 'contacts', 'c1')
    expect(op?.before).toEqual({ ...ada, title: 'Ms' })
  })

  it('queues a delete after a create that may already have reached the server', async () => {
    const id = await createRecord(ctx, 'contacts', ada)
    const [create] = await opsFor(db, 'contacts', id)
    await db.outbox.update(create?.seq as number, { attempts: 1 })
    await deleteRecord(ctx, 'contacts', id)
    expect((await opsFor(db, 'contacts', id)).map((op) => op.kind)).toEqual(['create', 'delete'])
  })

  it('puts a correction of a refused change back in the queue under a new opId', async () => {
    const id = await createRecord(ctx, 'contacts', { ...ada, email: 'not-an-email' })
    const [refused] = await opsFor(db, 'contacts', id)
    const lastError = { status: 400, message: 'Error while saving - Must be a valid email address. (email)' }
    await db.outbox.update(refused?.seq as number, { status: 'failed', attempts: 1, lastError })
    await updateRecord(ctx, 'contacts', id, { email: 'ada@example.com' })
    const ops = await opsFor(db, 'contacts', id)
    expect(ops).toHaveLength(1)
    expect(ops[0]).toMatchObject({
      kind: 'create',
      status: 'pending',
      attempts: 0,
      patch: { email: 'ada@example.com' },
    })
    expect(ops[0]?.opId).not.toBe(refused?.opId)
    expect(ops[0]?.lastError).toBeUndefined()
  })

  it('drops a record whose create the server refused, when it is deleted', async () => {
    const id = await createRecord(ctx, 'contacts', ada)
    const [refused] = await opsFor(db, 'contacts', id)
    await db.outbox.update(refused?.seq as number, { status: 'failed', attempts: 1 })
    await deleteRecord(ctx, 'contacts', id)
    expect(await db.outbox.count()).toBe(0)
  })
})

describe('undoing a delete', () => {
  const synced = async (id: string) => {
    await db.contacts.put({ ...ada, id, version: 3 } as never)
  }

  it('brings back a record never sent, with its create queued as it was', async () => {
    const id = await createRecord(ctx, 'contacts', ada)
    const before = await opsFor(db, 'contacts', id)
    const deleted = await deleteRecord(ctx, 'contacts', id, { holdMs: 8000 })
    expect(await db.outbox.count()).toBe(0)
    expect(await undoDelete(ctx, deleted)).toBe(true)
    expect(await db.contacts.get(id)).toMatchObject(ada)
    expect(await opsFor(db, 'contacts', id)).toEqual(before)
  })

  it('brings back an edit the delete had taken the place of', async () => {
    await synced('c1')
    await updateRecord(ctx, 'contacts', 'c1', { title: 'Countess' })
    const before = await opsFor(db, 'contacts', 'c1')
    const deleted = await deleteRecord(ctx, 'contacts', 'c1', { holdMs: 8000 })
    expect((await opsFor(db, 'contacts', 'c1')).map((op) => op.kind)).toEqual(['delete'])
    expect(await undoDelete(ctx, deleted)).toBe(true)
    expect(await opsFor(db, 'contacts', 'c1')).toEqual(before)
    expect(await db.contacts.get('c1')).toMatchObject({ title: 'Countess', version: 3 })
  })

  it('holds the delete of a synced record on the device, and takes it back', async () => {
    await synced('c2')
    const deleted = await deleteRecord(ctx, 'contacts', 'c2', { holdMs: 8000 })
    const [op] = await opsFor(db, 'contacts', 'c2')
    expect(op?.nextAttemptAt).toBeGreaterThan(Date.now() + 7000)
    expect(await undoDelete(ctx, deleted)).toBe(true)
    expect(await db.outbox.count()).toBe(0)
  })

  it('is too late once the delete was sent, or when the record is there again', async () => {
    await synced('c3')
    const sent = await deleteRecord(ctx, 'contacts', 'c3')
    await db.outbox.toCollection().modify({ status: 'inflight', attempts: 1 })
    expect(await undoDelete(ctx, sent)).toBe(false)
    expect(await db.contacts.get('c3')).toBeUndefined()

    await synced('c4')
    const twice = await deleteRecord(ctx, 'contacts', 'c4')
    await synced('c4')
    expect(await undoDelete(ctx, twice)).toBe(false)
  })

  it('is too late once the delete was answered and left the queue, and brings nothing back', async () => {
    await synced('c5')
    const deleted = await deleteRecord(ctx, 'contacts', 'c5', { holdMs: 8000 })
    // The wait ran out, the sync sent it and the server took it (settle.ts drops a landed op).
    await db.outbox.clear()
    expect(await undoDelete(ctx, deleted)).toBe(false)
    expect(await db.contacts.get('c5')).toBeUndefined()
    expect(await db.outbox.count()).toBe(0)

    // The same after an edit the delete had taken the place of.
    await synced('c6')
    await updateRecord(ctx, 'contacts', 'c6', { title: 'Countess' })
    const edited = await deleteRecord(ctx, 'contacts', 'c6', { holdMs: 8000 })
    await db.outbox.clear()
    expect(await undoDelete(ctx, edited)).toBe(false)
    expect(await db.contacts.get('c6')).toBeUndefined()
    expect(await db.outbox.count()).toBe(0)
  })
})

/**
 * The tables each write of `db` asks IndexedDB to change, in the order asked, a run of writes to one
 * table told once: `['outbox', 'contacts']` is the queue, then the rows. Call before `db` opens.
 */
function watchWrites(db: OutpostDb) {
  const requests = watchRequests(db)
  const watched = new Set(['outbox', 'meta', ...Object.keys(mirrored)])
  return {
    /** What was written since the last call. */
    taken: () =>
      requests
        .splice(0)
        .filter(({ table, kind }) => kind === 'mutate' && watched.has(table))
        .map(({ table }) => table)
        .filter((table, i, tables) => table !== tables[i - 1]),
  }
}

/**
 * Firefox kept part of a transaction cut by a reload: whatever part of a write lands must be safe. A
 * change queued without its row reaches the server, and the row comes back with the answer; a row
 * written without its op is a change the server never gets. So every write queues first.
 */
describe('every write queues its change before it writes the rows', () => {
  const synced = async (id: string, values: Record<string, unknown> = {}) => {
    await db.contacts.put({ ...ada, id, version: 3, ...values } as never)
  }
  const refuse = async (id: string) => {
    await db.outbox.where({ recordId: id }).modify({ status: 'failed', attempts: 1 })
  }

  it('a record made, edited (its own op, or merged into a pending or refused one) and deleted', async () => {
    const writes = watchWrites(db)
    const id = await createRecord(ctx, 'contacts', ada)
    expect(writes.taken()).toEqual(['outbox', 'contacts'])
    await updateRecord(ctx, 'contacts', id, { title: 'Countess' })
    expect(writes.taken()).toEqual(['outbox', 'contacts'])
    await refuse(id)
    writes.taken()
    await updateRecord(ctx, 'contacts', id, { title: 'Dr' })
    expect(writes.taken()).toEqual(['outbox', 'contacts'])

    await synced('c1')
    writes.taken()
    await updateRecord(ctx, 'contacts', 'c1', { title: 'Ms' })
    expect(writes.taken()).toEqual(['outbox', 'contacts'])
    // Merged into the pending edit, its whole queue dropped (a never-sent create), and its own op.
    await deleteRecord(ctx, 'contacts', 'c1')
    expect(writes.taken()).toEqual(['outbox', 'contacts'])
    await deleteRecord(ctx, 'contacts', id)
    expect(writes.taken()).toEqual(['outbox', 'contacts'])
    await synced('c2')
    writes.taken()
    const deleted = await deleteRecord(ctx, 'contacts', 'c2', { holdMs: 8000 })
    expect(writes.taken()).toEqual(['outbox', 'contacts'])
    expect(await undoDelete(ctx, deleted)).toBe(true)
    expect(writes.taken()).toEqual(['outbox', 'contacts'])
  })

  it("a selection's edit, its undo, and its delete", async () => {
    const writes = watchWrites(db)
    const ids = ['c1', 'c2', 'c3']
    for (const id of ids) await synced(id)
    await updateRecord(ctx, 'contacts', 'c2', { title: 'Dr' })
    await updateRecord(ctx, 'contacts', 'c3', { title: 'Prof' })
    await refuse('c3')
    writes.taken()
    const edited = await updateRecords(
      ctx,
      'contacts',
      ids.map((id) => ({ id, values: { department: 'Sales' } })),
    )
    expect(writes.taken()).toEqual(['outbox', 'contacts'])
    expect(await undoEdits(ctx, 'contacts', edited, { department: 'Sales' })).toBe(3)
    expect(writes.taken()).toEqual(['outbox', 'contacts'])
    await deleteRecords(ctx, 'contacts', ids)
    expect(writes.taken()).toEqual(['outbox', 'contacts'])
  })

  it("an import's chunk: each collection's creates, then its rows, then the progress", async () => {
    const writes = watchWrites(db)
    await synced('c1')
    writes.taken()
    const company = { relationTo: 'companies', value: 'import-r1' }
    await writeImportChunk(
      ctx,
      'contacts',
      {
        creates: [{ id: 'import-c2', values: { firstName: 'Grace', company } }],
        updates: [{ id: 'c1', values: { company } }],
        related: [{ collection: 'companies', id: 'import-r1', values: { companyName: 'Navy Labs' } }],
      },
      {
        fileHash: 'f'.repeat(32),
        value: {
          key: 'import',
          fileName: 'people.csv',
          mapping: [],
          choice: 'skip',
          saved: 2,
          rows: 2,
          updatedAt: 1,
        },
      },
    )
    expect(writes.taken()).toEqual([
      'outbox',
      'companies',
      'outbox',
      'contacts',
      'outbox',
      'contacts',
      'meta',
    ])
  })
})
