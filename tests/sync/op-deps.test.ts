/**
 * What a change waits for (src/db/op-deps.ts), and the one reader of a collection's queue for many
 * records (`queuedByRecord`) that a selection's writes, an import's chunk and `depsForAll` share.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OutpostDb } from '../../src/db/database'
import { depsForAll, queuedByRecord } from '../../src/db/op-deps'
import { createRecord, updateRecord, type WriteContext } from '../../src/db/record-writes'
import { watchRequests } from './watch-requests'

let db: OutpostDb
let ctx: WriteContext
/** The outbox's reads IndexedDB was asked for since the last call. */
let reads: () => string[]

beforeEach(() => {
  db = new OutpostDb(`op-deps-${crypto.randomUUID()}`)
  ctx = { db, userId: 'u1' }
  const requests = watchRequests(db)
  reads = () =>
    requests.splice(0).flatMap(({ table, kind }) => (table === 'outbox' && kind !== 'mutate' ? [kind] : []))
})
afterEach(() => db.delete())

const synced = (id: string) => db.contacts.put({ id, firstName: id, version: 1 } as never)

describe("a collection's queue, by record", () => {
  it('answers each named record that has ops, oldest first, read as one range', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `c${String(i).padStart(3, '0')}`)
    for (const id of ids) await synced(id)
    for (const id of ids) await updateRecord(ctx, 'contacts', id, { title: 'Dr' })
    // The third one's edit was sent: a second edit queues behind it.
    await db.outbox.where({ recordId: 'c002' }).modify({ status: 'inflight', attempts: 1 })
    await updateRecord(ctx, 'contacts', 'c002', { title: 'Prof' })
    const company = await createRecord(ctx, 'companies', { companyName: 'Acme' })

    reads()
    const queued = await db.transaction('r', db.outbox, () =>
      queuedByRecord(db, 'contacts', ['c040', 'c002', 'c001', 'nothing-queued', company]),
    )
    expect(reads()).toEqual(['query'])
    expect([...queued.keys()].sort()).toEqual(['c001', 'c002', 'c040'])
    expect(queued.get('c002')?.map((op) => [op.status, op.patch.title])).toEqual([
      ['inflight', 'Dr'],
      ['pending', 'Prof'],
    ])
    expect(await queuedByRecord(db, 'contacts', [])).toEqual(new Map())
  })

  it("reads each target's queue once for many patches' dependencies", async () => {
    const acme = await createRecord(ctx, 'companies', { companyName: 'Acme' })
    const navy = await createRecord(ctx, 'companies', { companyName: 'Navy Labs' })
    const [acmeCreate, navyCreate] = await Promise.all(
      [acme, navy].map(async (id) => (await db.outbox.where({ recordId: id }).first())?.opId),
    )
    const company = (id: string) => ({ company: { relationTo: 'companies', value: id } })
    reads()
    const deps = await depsForAll(db, 'contacts', [company(acme), {}, company(navy), company('synced-co')])
    expect(reads()).toEqual(['query'])
    expect(deps).toEqual([[acmeCreate], [], [navyCreate], []])
  })
})
