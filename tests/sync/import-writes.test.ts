/**
 * An import saved on a device (src/db/import-writes.ts), planned against what the device holds
 * (src/db/import-holdings.ts): records and their queued creates made a chunk at a time with the
 * import's progress, a new company made once and waited for by its contacts' creates, a repeat of the
 * record a row duplicates updated, and an import stopped halfway (a crash after a chunk) started again
 * with the same key making no row twice.
 */
import { describe, expect, it } from 'vitest'
import { importHoldings } from '../../src/db/import-holdings'
import { endImport, type ImportChunk, readImportProgress, writeImportChunk } from '../../src/db/import-writes'
import { createRecord, type WriteContext } from '../../src/db/record-writes'
import { importFields } from '../../src/domain/import-columns'
import { importedId } from '../../src/domain/import-ids'
import { type DuplicateChoice, type PlannedRow, planImport } from '../../src/domain/import-plan'
import { checkRow, type ReadRow } from '../../src/domain/import-rows'
import { db, withFreshDb } from './mirror-harness'

withFreshDb()

const KEY = '0123456789abcdef0123'
const HASH = 'f'.repeat(32)
const headers = ['First name', 'Email', 'Company']
const mapping = ['firstName', 'email', 'company']
const fields = importFields('contacts')

/** A file's rows checked: line 2 onwards. */
const readRows = (cells: string[][]) =>
  cells.map((row, i) => checkRow('contacts', fields, mapping, headers.length, row, i + 2) as ReadRow)

const file = readRows([
  ['Ada', 'ada@example.com', 'Acme Ltd'],
  ['Grace', 'grace@example.com', 'Navy Labs'],
  ['Alan', 'alan@example.com', 'navy labs'],
  ['Ada again', 'ADA@example.com', ''],
  ['Linus', 'linus@example.com', 'Navy Labs'],
])

const ctx = (): WriteContext => ({ db, userId: 'u1', now: () => 5_000 })

const written = (row: PlannedRow) => row.kind === 'create' || row.kind === 'update'

/** A chunk of the plan's rows, as the import screen makes it. */
function chunkOf(rows: readonly PlannedRow[]): ImportChunk {
  const kept = rows.filter(written) as Extract<PlannedRow, { kind: 'create' | 'update' }>[]
  return {
    creates: kept.filter((row) => row.kind === 'create').map(({ id, values }) => ({ id, values })),
    updates: kept.filter((row) => row.kind === 'update').map(({ id, values }) => ({ id, values })),
    related: kept.flatMap((row) => row.makes),
  }
}

async function plan(choice: DuplicateChoice) {
  return planImport('contacts', file, await importHoldings(db, 'contacts'), choice, KEY)
}

const progress = (saved: number) => ({
  fileHash: HASH,
  value: { key: KEY, fileName: 'people.csv', mapping, choice: 'skip' as const, saved, rows: 5, updatedAt: 1 },
})

describe('an import saved on the device', () => {
  it('makes its records and a new company once, queues their creates, and the contacts wait for the company', async () => {
    const acme = await createRecord({ ...ctx(), newId: () => 'acme-0000' }, 'companies', {
      companyName: 'ACME ltd',
    })
    const planned = await plan('skip')
    expect(planned.rows.map((row) => row.kind)).toEqual(['create', 'create', 'create', 'skip', 'create'])
    expect(await writeImportChunk(ctx(), 'contacts', chunkOf(planned.rows), progress(5))).toBe(4)

    const contacts = await db.contacts.orderBy('id').toArray()
    expect(contacts.map((row) => row.firstName).sort()).toEqual(['Ada', 'Alan', 'Grace', 'Linus'])
    const companies = await db.companies.toArray()
    expect(companies.map((row) => row.companyName).sort()).toEqual(['ACME ltd', 'Navy Labs'])
    const navy = companies.find((row) => row.companyName === 'Navy Labs')
    expect(navy?.id).toBe(importedId(KEY, 'related', 3))

    const ops = await db.outbox.toArray()
    const navyCreate = ops.find((op) => op.recordId === navy?.id)
    expect(navyCreate?.kind).toBe('create')
    const byName = (name: string) => ops.find((op) => op.patch.firstName === name)
    expect(byName('Ada')?.patch.company).toEqual({ relationTo: 'companies', value: acme })
    // Acme's create is queued too (made on this device, never sent): Ada waits for it as Grace waits for Navy Labs.
    expect(byName('Grace')?.deps).toEqual([navyCreate?.opId])
    expect(byName('Linus')?.deps).toEqual([navyCreate?.opId])
    expect(ops.filter((op) => op.collection === 'contacts' && op.kind === 'create')).toHaveLength(4)
    // Its last chunk ended it: nothing is left to go on with.
    expect(await readImportProgress(db, 'contacts', HASH)).toBeUndefined()
  })

  it('keeps how far an import came until its last chunk, which ends it', async () => {
    const planned = await plan('create')
    await writeImportChunk(ctx(), 'contacts', chunkOf(planned.rows.slice(0, 2)), progress(2))
    expect(await readImportProgress(db, 'contacts', HASH)).toMatchObject({ key: KEY, saved: 2, rows: 5 })
    await writeImportChunk(ctx(), 'contacts', chunkOf(planned.rows.slice(2)), progress(5))
    expect(await readImportProgress(db, 'contacts', HASH)).toBeUndefined()
    expect(await db.contacts.count()).toBe(5)
  })

  it('ends an import asked to (one with nothing left to save)', async () => {
    const planned = await plan('skip')
    await writeImportChunk(ctx(), 'contacts', chunkOf(planned.rows.slice(0, 2)), progress(2))
    await endImport(db, 'contacts', HASH)
    expect(await readImportProgress(db, 'contacts', HASH)).toBeUndefined()
  })

  it('updates the record a row repeats: one on the device, or one made by a row above in the same chunk', async () => {
    await createRecord({ ...ctx(), newId: () => 'ada-0000' }, 'contacts', {
      firstName: 'Ada',
      email: 'ada@example.com',
    })
    await db.outbox.clear()
    const planned = await plan('update')
    expect(planned.rows.map((row) => row.kind)).toEqual(['update', 'create', 'create', 'update', 'create'])
    await writeImportChunk(ctx(), 'contacts', chunkOf(planned.rows), progress(5))
    expect((await db.contacts.get('ada-0000'))?.firstName).toBe('Ada again')
    // Alan repeats no one by email, but 'Navy Labs' is the same new company: he is his own contact.
    expect(await db.contacts.count()).toBe(4)
    const adaOps = await db.outbox.where('recordId').equals('ada-0000').toArray()
    expect(adaOps).toHaveLength(1)
    expect(adaOps[0]).toMatchObject({
      kind: 'update',
      patch: { firstName: 'Ada again', email: 'ADA@example.com' },
    })
  })

  it('stopped after its first chunk and started again with its key, makes the rest and none twice', async () => {
    const first = await plan('skip')
    await writeImportChunk(ctx(), 'contacts', chunkOf(first.rows.slice(0, 2)), progress(2))
    expect(await db.contacts.count()).toBe(2)

    // A crash before the progress moved on: the run starts again from what the progress says, or earlier.
    const again = await plan('skip')
    expect(again.rows.map((row) => row.kind)).toEqual(['done', 'done', 'create', 'skip', 'create'])
    expect(again.done).toBe(2)
    // Even a chunk written twice makes nothing twice.
    await writeImportChunk(ctx(), 'contacts', chunkOf(first.rows), progress(5))
    await writeImportChunk(ctx(), 'contacts', chunkOf(again.rows), progress(5))
    expect(await db.contacts.count()).toBe(4)
    expect(await db.companies.count()).toBe(2)
    const creates = (await db.outbox.toArray()).filter((op) => op.kind === 'create')
    expect(new Set(creates.map((op) => op.recordId)).size).toBe(creates.length)
    expect(creates).toHaveLength(6)
  })

  it('cut after its queue and before its rows (a reload in Firefox), makes the rows on the next run and queues nothing twice', async () => {
    const planned = await plan('skip')
    const chunk = chunkOf(planned.rows)
    // What landed of the cut chunk: the new companies and the first two contacts' creates, queued; no row.
    await writeImportChunk(
      ctx(),
      'contacts',
      { creates: [], updates: [], related: chunk.related },
      progress(0),
    )
    await db.companies.clear()
    const cut = chunk.creates.slice(0, 2)
    await db.outbox.bulkAdd(
      cut.map(({ id, values }, i) => ({
        opId: `cut-${i}`,
        userId: 'u1',
        collection: 'contacts',
        recordId: id,
        kind: 'create',
        patch: values,
        base: {},
        baseVersion: null,
        deps: [],
        status: 'pending',
        attempts: 0,
        nextAttemptAt: 0,
        createdAt: 1,
      })),
    )
    await writeImportChunk(ctx(), 'contacts', chunk, progress(5))
    expect(await db.contacts.count()).toBe(4)
    // Acme Ltd and Navy Labs, new here: their creates were queued before the cut, their rows made now.
    expect(await db.companies.count()).toBe(2)
    const creates = (await db.outbox.toArray()).filter((op) => op.kind === 'create')
    expect(creates).toHaveLength(6)
    expect(new Set(creates.map((op) => op.recordId)).size).toBe(6)
    expect(creates.filter((op) => op.opId.startsWith('cut-'))).toHaveLength(2)
  })
})
