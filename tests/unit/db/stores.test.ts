/**
 * The device's stores come from the entities' definitions (src/db/stores.ts): each collection keeps its
 * list's order as its one index. A device's database moves to new stores only when it is opened at a
 * higher version, so the stores of the current version are written out here: a change of the
 * definitions that changes them fails here until the version is raised.
 */
import { describe, expect, it } from 'vitest'
import { OutpostDb } from '../../../src/db/database'
import { deviceStores, SCHEMA_VERSION } from '../../../src/db/stores'
import { COLLECTION_NAMES, collections } from '../../../src/domain/collections'

/** The stores of the current version, as they shipped. */
const PINNED = {
  version: 8,
  stores: {
    contacts: 'id, lastName',
    companies: 'id, companyName',
    industries: 'id, name',
    services: 'id, name',
    products: 'id, name',
    users: 'id',
    images: 'id',
    outbox: '++seq, &opId, recordId, status, [collection+recordId]',
    notices: '++id, recordId',
    meta: 'key',
    packs: '',
    packIds: '',
    drafts: 'key',
    histories: 'key',
  },
}

it('are, at the current version, the stores pinned for it', () => {
  expect(
    { version: SCHEMA_VERSION, stores: deviceStores },
    'The stores derived from the definitions are not the ones pinned for this version. A database on a ' +
      'device moves to new stores only at a higher version: raise SCHEMA_VERSION in src/db/stores.ts, ' +
      'add the version it leaves with its stores (pinned here) to HISTORY in tests/unit/db/database.test.ts, ' +
      'and pin the new version and stores here.',
  ).toEqual(PINNED)
})

describe.each(COLLECTION_NAMES)('%s', (name) => {
  it("is kept on the device by its id, with its list's order as its one index", () => {
    const { primKey, indexes } = new OutpostDb('definitions').table(name).schema
    expect(primKey.keyPath).toBe('id')
    expect(primKey.auto).toBe(false)
    expect(indexes.map((index) => index.name)).toEqual([collections[name].defaultSort])
  })
})
