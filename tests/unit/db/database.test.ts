/**
 * A device keeps its database from one release to the next, unsent work included. OutpostDb declares
 * one version, its stores derived from the definitions (src/db/stores.ts): Dexie moves a database of
 * any earlier version to them from what is installed. So a database made as each earlier version made
 * it opens at the current version with every row kept, each table's indexes exactly the derived ones
 * (the installed IndexedDB stores are read, not Dexie's idea of them) and the tables added since there.
 */
import Dexie, { type IndexableType } from 'dexie'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OutpostDb } from '../../../src/db/database'
import { deviceStores, SCHEMA_VERSION } from '../../../src/db/stores'
import { type CollectionName, collections } from '../../../src/domain/collections'

/**
 * What each version shipped declared, as `src/db/database.ts` declared it (each adds to or changes the
 * one before). History: never change a version here. When SCHEMA_VERSION is raised, the version it
 * leaves goes here with the stores pinned for it (tests/unit/db/stores.test.ts).
 */
const HISTORY: Record<number, Record<string, string>> = {
  1: {
    contacts: 'id, firstName, lastName, email, updatedAt',
    outbox: '++seq, &opId, recordId, status, [collection+recordId]',
    notices: '++id, recordId',
    meta: 'key',
  },
  2: {
    companies: 'id, companyName, email, website, mainPhone, updatedAt',
    industries: 'id, name, updatedAt',
    services: 'id, name, updatedAt',
    products: 'id, name, updatedAt',
    images: 'id',
  },
  3: {
    contacts: 'id, lastName',
    companies: 'id, companyName',
    industries: 'id, name',
    services: 'id, name',
    products: 'id, name',
  },
  4: { users: 'id' },
  5: { packs: '', packIds: '' },
  6: { drafts: 'key' },
  7: { histories: 'key' },
}
const EARLIER = Object.keys(HISTORY).map(Number)

const contact = { id: 'c1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', version: 3 }
const packedContact = {
  id: 'c2',
  firstName: 'Alan',
  lastName: 'Turing',
  email: 'alan@example.com',
  version: 1,
}
const catalogItem = (id: string) => ({ id, name: `Name of ${id}`, description: '', version: 1 })

/**
 * A row of each table, as a user's database holds them, and its key: given beside the row where the
 * table keeps none in it (the packs), counted from 1 where the table does (the outbox, the notices).
 */
const ROWS: { table: string; row: object; key: IndexableType; keyBeside?: true }[] = [
  { table: 'contacts', row: contact, key: 'c1' },
  {
    table: 'companies',
    row: { id: 'co1', companyName: 'Analytical Engines', email: '', website: '', version: 2 },
    key: 'co1',
  },
  { table: 'industries', row: catalogItem('i1'), key: 'i1' },
  { table: 'services', row: catalogItem('s1'), key: 's1' },
  { table: 'products', row: catalogItem('p1'), key: 'p1' },
  {
    table: 'users',
    row: { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', version: 5 },
    key: 'u1',
  },
  {
    table: 'images',
    row: { id: 'img1', kind: 'user-image', filename: 'ada.png', mimeType: 'image/png', createdAt: 1 },
    key: 'img1',
  },
  {
    table: 'outbox',
    row: {
      opId: 'op1',
      userId: 'u1',
      collection: 'contacts',
      recordId: 'c1',
      kind: 'update',
      patch: { lastName: 'Lovelace' },
      base: { lastName: 'Byron' },
      baseVersion: 3,
      deps: [],
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: 1,
    },
    key: 1,
  },
  {
    table: 'notices',
    row: {
      collection: 'contacts',
      recordId: 'c9',
      kind: 'deleted-on-server',
      lost: { title: 'Engineer' },
      name: 'Grace Hopper',
      createdAt: 1,
    },
    key: 1,
  },
  { table: 'meta', row: { key: 'cursor', value: 42 }, key: 'cursor' },
  { table: 'packs', row: { rows: [packedContact] }, key: ['contacts', 1, 1], keyBeside: true },
  { table: 'packIds', row: ['c2'], key: ['contacts', 1, 1], keyBeside: true },
  {
    table: 'drafts',
    row: { key: 'contacts:c1', edits: { title: 'Countess' }, typedOver: { title: '' }, savedAt: 1 },
    key: 'contacts:c1',
  },
  { table: 'histories', row: { key: 'contacts:c1', entries: [], total: 0, readAt: 1 }, key: 'contacts:c1' },
]

/** A row as read back: with the key the table counted for it. */
const readBack = ({ table, row, key }: (typeof ROWS)[number]) =>
  table === 'outbox' ? { ...row, seq: key } : table === 'notices' ? { ...row, id: key } : row

/** The stores Dexie's syntax declares, each table's indexes in IndexedDB's order (by name). */
const normalized = (stores: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(stores).map(([table, spec]) => {
      const [primKey = '', ...indexes] = spec.split(',').map((part) => part.trim())
      const indexName = (index: string) => index.replace(/^[&*]+/, '')
      indexes.sort((a, b) => (indexName(a) < indexName(b) ? -1 : 1))
      return [table, [primKey, ...indexes].join(', ')]
    }),
  )

/** A key path in Dexie's syntax: none (a key given beside the value), one field, or `[a+b]`. */
const keyPathText = (keyPath: string | string[] | null) =>
  keyPath === null ? '' : Array.isArray(keyPath) ? `[${keyPath.join('+')}]` : keyPath

/** The stores installed in IndexedDB, written in Dexie's syntax. */
function installedStores(idb: IDBDatabase) {
  const names = [...idb.objectStoreNames]
  const transaction = idb.transaction(names, 'readonly')
  return Object.fromEntries(
    names.map((name) => {
      const store = transaction.objectStore(name)
      const indexes = [...store.indexNames].map((indexName) => {
        const index = store.index(indexName)
        expect(indexName, `${name}.${indexName} is named by its key path`).toBe(keyPathText(index.keyPath))
        return `${index.unique ? '&' : ''}${index.multiEntry ? '*' : ''}${keyPathText(index.keyPath)}`
      })
      return [
        name,
        [`${store.autoIncrement ? '++' : ''}${keyPathText(store.keyPath)}`, ...indexes].join(', '),
      ]
    }),
  )
}

let opened: Dexie[] = []
afterEach(async () => {
  for (const db of opened) {
    db.close()
    await db.delete()
  }
  opened = []
  vi.restoreAllMocks()
})

function outpostDb(name: string) {
  const db = new OutpostDb(name)
  opened.push(db)
  return db
}

it('keeps a version of its own above every version shipped before it', () => {
  expect(
    Math.max(...EARLIER),
    'raising SCHEMA_VERSION, add the version it leaves to HISTORY (its stores are pinned in stores.test.ts)',
  ).toBe(SCHEMA_VERSION - 1)
})

it('is made at the current version with exactly the derived stores', async () => {
  const db = outpostDb(`made-${crypto.randomUUID()}`)
  await db.open()
  expect(db.verno).toBe(SCHEMA_VERSION)
  expect(installedStores(db.backendDB())).toEqual(normalized(deviceStores))
})

describe.each(EARLIER)('a database last opened at version %i', (version) => {
  it('opens at the current version with its rows kept, the derived indexes and the tables added since', async () => {
    const name = `version-${version}-${crypto.randomUUID()}`
    const old = new Dexie(name)
    for (const each of EARLIER.filter((earlier) => earlier <= version))
      old.version(each).stores(HISTORY[each] ?? {})
    await old.open()
    const had = new Set(old.tables.map((table) => table.name))
    const kept = ROWS.filter(({ table }) => had.has(table))
    await old.transaction('rw', [...had], async () => {
      for (const { table, row, key, keyBeside } of kept) await old.table(table).add(row, keyBeside && key)
    })
    old.close()

    const warn = vi.spyOn(console, 'warn')
    const db = outpostDb(name)
    await db.open()
    // Dexie warns when it patches stores changed at the same version ("Schema was extended…").
    expect(warn).not.toHaveBeenCalled()
    expect(db.verno).toBe(SCHEMA_VERSION)
    expect(installedStores(db.backendDB())).toEqual(normalized(deviceStores))

    for (const each of kept)
      expect(await db.table(each.table).toArray(), each.table).toEqual([readBack(each)])
    // The rows kept are in the indexes: each collection's list order, and the outbox's lookups.
    for (const { table, row } of kept.filter(({ table }) => table in collections)) {
      const { defaultSort } = collections[table as CollectionName]
      const value = (row as Record<string, string>)[defaultSort] ?? ''
      const found = await db.table(table).where(defaultSort).equals(value).toArray()
      expect(found, `${table} by ${defaultSort}`).toEqual([row])
    }
    expect(await db.outbox.where('[collection+recordId]').equals(['contacts', 'c1']).count()).toBe(1)
    expect(await db.outbox.where('opId').equals('op1').count()).toBe(1)

    // The tables it did not have yet take rows (`put`: a pack written here writes its ids too, packs-middleware.ts).
    for (const { table, row, key, keyBeside } of ROWS.filter(({ table }) => !had.has(table))) {
      await db.table(table).put(row, keyBeside && key)
    }
    for (const each of ROWS)
      expect(await db.table(each.table).get(each.key), each.table).toEqual(readBack(each))
    // A contact still packed is read as one of the contacts.
    expect(await db.contacts.get('c2')).toEqual(packedContact)
  })
})
