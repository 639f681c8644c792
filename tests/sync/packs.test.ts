import { liveQuery } from 'dexie'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OutpostDb } from '../../src/db/database'
import { readPage } from '../../src/db/list-read'
import { type MirrorChanges, onMirrorChanges } from '../../src/db/mirror-changes'
import { dropMirrorIndexes, mirrorIndex } from '../../src/db/mirror-index'
import { hasPacks, PACK_ROWS, readWholeTable, unpackBehind, unpackSome, writePacks } from '../../src/db/packs'
import { createRecord } from '../../src/db/record-writes'
import type { MirrorRow } from '../../src/db/tables'
import { SyncEngine } from '../../src/sync/engine'
import { pull } from '../../src/sync/pull'
import { echoDoc, json, scripted } from './fake-server'

let db: OutpostDb
beforeEach(() => {
  db = new OutpostDb(`packs-${crypto.randomUUID()}`)
})
afterEach(async () => {
  dropMirrorIndexes(db)
  await db.delete()
})

const contact = (n: number, version = 1): MirrorRow => ({
  id: `c${String(n).padStart(4, '0')}`,
  version,
  firstName: `First${n}`,
  lastName: `Last${n % 7}`,
})
const contacts = (count: number, from = 0) => Array.from({ length: count }, (_, i) => contact(from + i))

async function packed(rows: MirrorRow[]) {
  await db.transaction('rw', [db.contacts, db.packs], () => writePacks(db, 'contacts', rows))
}

async function unpackAll() {
  while (await unpackSome(db)) {}
}

describe('packed rows', () => {
  it('are one IndexedDB record per 250 rows, read by key and counted as rows of their table', async () => {
    await packed(contacts(600))
    expect(await db.packs.count()).toBe(Math.ceil(600 / PACK_ROWS))
    expect(await db.packIds.count()).toBe(Math.ceil(600 / PACK_ROWS))
    expect(await db.contacts.toCollection().primaryKeys()).toEqual([])
    expect(await db.contacts.count()).toBe(600)
    expect(await db.contacts.get('c0599')).toMatchObject({ firstName: 'First599' })
    const some = await db.contacts.bulkGet(['c0001', 'nope', 'c0300'])
    expect(some.map((row) => row?.id)).toEqual(['c0001', undefined, 'c0300'])
    expect(await hasPacks(db, 'contacts')).toBe(true)
    expect(await hasPacks(db, 'companies')).toBe(false)
  })

  it('answer a read across more packs than a context keeps in memory', async () => {
    const count = 70 * PACK_ROWS
    await packed(contacts(count))
    const ids = Array.from({ length: 70 }, (_, i) => contact(i * PACK_ROWS + 7).id)
    const rows = await db.contacts.bulkGet(ids)
    expect(rows.map((row) => row?.id)).toEqual(ids)
    // Read again: the packs kept in memory and those read anew answer alike.
    expect((await db.contacts.bulkGet(ids.reverse())).map((row) => row?.id)).toEqual(ids)
  })

  it('move into their table when unpacked, leaving no pack', async () => {
    await packed(contacts(600))
    await unpackAll()
    expect(await db.packs.count()).toBe(0)
    expect(await db.packIds.count()).toBe(0)
    expect(await db.contacts.toCollection().primaryKeys()).toHaveLength(600)
    expect(await db.contacts.count()).toBe(600)
  })

  it('leave their pack when written, so the newer row is never overwritten by the unpacking', async () => {
    await packed(contacts(300))
    await db.contacts.put({ ...contact(7, 2), firstName: 'Edited' } as never)
    expect(await db.contacts.get('c0007')).toMatchObject({ version: 2, firstName: 'Edited' })
    expect(await db.contacts.count()).toBe(300)
    await unpackAll()
    expect(await db.contacts.get('c0007')).toMatchObject({ version: 2, firstName: 'Edited' })
    expect(await db.contacts.count()).toBe(300)
  })

  it('stay gone when deleted, and go with their table when it is cleared', async () => {
    await packed(contacts(300))
    await db.contacts.bulkDelete(['c0001', 'c0299'])
    expect(await db.contacts.get('c0001')).toBeUndefined()
    expect(await db.contacts.count()).toBe(298)
    await unpackAll()
    expect(await db.contacts.get('c0299')).toBeUndefined()
    expect(await db.contacts.count()).toBe(298)

    await packed(contacts(10, 1000))
    await db.contacts.clear()
    expect(await db.contacts.count()).toBe(0)
    expect(await db.packs.count()).toBe(0)
    expect(await db.packIds.count()).toBe(0)
  })

  it('live in one pack only when the feed sends a row again', async () => {
    await packed(contacts(300))
    await packed([{ ...contact(5, 3), firstName: 'Newer' }])
    expect(await db.contacts.count()).toBe(300)
    expect(await db.contacts.get('c0005')).toMatchObject({ version: 3, firstName: 'Newer' })
    await unpackAll()
    expect(await db.contacts.get('c0005')).toMatchObject({ version: 3, firstName: 'Newer' })
  })

  it('are seen by another connection to the database (another tab, the sync worker)', async () => {
    const other = new OutpostDb(db.name)
    try {
      expect(await other.contacts.get('c0001')).toBeUndefined()
      await packed(contacts(300))
      expect(await other.contacts.get('c0001')).toMatchObject({ firstName: 'First1' })
      await db.contacts.delete('c0001')
      expect(await other.contacts.get('c0001')).toBeUndefined()
      expect(await other.contacts.count()).toBe(299)
    } finally {
      other.close()
    }
  })

  it('are announced as rows written, so the list index follows them without reading', async () => {
    const heard: MirrorChanges[] = []
    const stop = onMirrorChanges(db.name, (changes) => heard.push(changes))
    const index = mirrorIndex(db, 'contacts')
    index.warm()
    await index.idle()
    await packed(contacts(300))
    await index.idle()
    stop()
    expect(heard.flatMap((changes) => changes.contacts ?? [])).toHaveLength(300)
    expect(index.page('', 0, 3).total).toBe(300)
  })

  it('move into their table unannounced: no reader sees anything change', async () => {
    await packed(contacts(600))
    const index = mirrorIndex(db, 'contacts')
    index.warm()
    await index.idle()
    const heard: MirrorChanges[] = []
    const stop = onMirrorChanges(db.name, (changes) => heard.push(changes))
    await unpackAll()
    await db.contacts.put({ ...contact(1, 2), firstName: 'Edited' } as never)
    stop()
    // Only the edit is heard, not the 600 rows moved.
    expect(heard).toEqual([{ contacts: ['c0001'] }])
    expect(index.page('', 0, 3).total).toBe(600)
  })

  it('are read whole while they move into their table unannounced, none missed (a list index built meanwhile)', async () => {
    // A table that already holds a row, and packs waiting: the list index is built while the sync unpacks.
    await db.contacts.put(contact(9_999) as never)
    await packed(contacts(600))
    const seen = new Set<string>()
    let unpacking: Promise<void> | undefined
    await readWholeTable(db, 'contacts', 5_000, (rows) => {
      for (const row of rows) seen.add(row.id)
      // The sync's unpacking starts between the reader's first read and its next.
      unpacking ??= unpackAll()
    })
    await unpacking
    expect(seen.size).toBe(601)
  })

  it('are in the list index built while they wait, and a list page waits for that index', async () => {
    await packed(contacts(300))
    // No index yet: the table alone would answer a wrong page.
    expect(await readPage(db, 'contacts', { page: 1, perPage: 10, search: '' })).toBeUndefined()
    await mirrorIndex(db, 'contacts').idle()
    const page = await readPage(db, 'contacts', { page: 1, perPage: 10, search: 'first299' })
    expect(page?.total).toBe(1)
    expect(page?.rows.map((row) => row.id)).toEqual(['c0299'])
  })

  it('wake a live query that looked for a row not there yet', async () => {
    const seen: unknown[] = []
    const subscription = liveQuery(() => db.contacts.get('c0002')).subscribe((row) =>
      seen.push(row?.firstName),
    )
    try {
      await expect.poll(() => seen).toEqual([undefined])
      await packed(contacts(300))
      await expect.poll(() => seen.at(-1)).toBe('First2')
    } finally {
      subscription.unsubscribe()
    }
  })
})

describe('a first sync', () => {
  const change = (row: MirrorRow) => ({
    collection: 'contacts',
    id: row.id,
    version: row.version,
    seq: 1,
    deleted: false,
    doc: row,
  })

  it('leaves every row in its table, none packed, and keeps the rows a list page wrote', async () => {
    const env = scripted()
    try {
      await env.db.contacts.put({ ...contact(3), firstName: 'From a list page' } as never)
      const pages = [
        { changes: contacts(400).map(change), cursor: '400', hasMore: true, total: 600 },
        { changes: contacts(200, 400).map(change), cursor: '600', hasMore: false },
      ]
      env.state.answer = (request) =>
        request.path === 'sync/changes' ? json(200, pages.shift()) : json(404, {})
      expect(await pull(env.ctx)).toBe('ok')
      await unpackBehind(env.db)
      expect(await env.db.packs.count()).toBe(0)
      expect(await env.db.contacts.toCollection().primaryKeys()).toHaveLength(600)
      expect(await env.db.contacts.count()).toBe(600)
      expect(await env.db.contacts.get('c0003')).toMatchObject({ version: 1, firstName: 'First3' })
    } finally {
      await env.db.delete()
    }
  })

  it('moves into the tables after the sync run, and a run asked for meanwhile does not wait for it', async () => {
    const env = scripted()
    try {
      env.state.answer = (request) =>
        request.method === 'POST'
          ? json(201, { doc: echoDoc(request) })
          : request.path !== 'sync/changes'
            ? json(404, {})
            : request.query?.since === '0'
              ? json(200, { changes: contacts(10_000).map(change), cursor: '10000', hasMore: false })
              : json(200, { changes: [], cursor: '10000', hasMore: false })
      const engine = new SyncEngine({ db: env.db, transport: env.ctx.transport, userId: 'u1' })
      expect(await engine.sync()).toBe('ok')
      expect(engine.status.get().activity).toBe('idle')
      // Forty packs, moved one per transaction with a timer between: most are still packed as the run
      // ends, and every row already reads as a row of its table.
      expect(await env.db.packs.count()).toBeGreaterThan(20)
      expect(await env.db.contacts.count()).toBe(10_000)
      expect(await env.db.contacts.get('c9999')).toMatchObject({ firstName: 'First9999' })
      // A change saved now is sent by a run that does not wait for the moves.
      await createRecord(env.writes, 'contacts', { firstName: 'Saved meanwhile' })
      expect(await engine.sync()).toBe('ok')
      expect(env.state.sent.filter((request) => request.method === 'POST')).toHaveLength(1)
      expect(await env.db.outbox.count()).toBe(0)
      expect(await env.db.packs.count()).toBeGreaterThan(0)
      // One unpacking at a time: asked again while under way, it answers the same loop.
      expect(unpackBehind(env.db)).toBe(unpackBehind(env.db))
      await unpackBehind(env.db)
      expect(await env.db.packs.count()).toBe(0)
      expect(await env.db.contacts.toCollection().primaryKeys()).toHaveLength(10_001)
    } finally {
      await env.db.delete()
    }
  })
})
