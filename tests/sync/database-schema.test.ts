/** The user's database schema (src/db/database.ts): an old database upgrades with nothing lost. */
import Dexie from 'dexie'
import { describe, expect, it } from 'vitest'
import { OutpostDb } from '../../src/db/database'

describe('the current schema (version 7)', () => {
  it('keeps every row and queued change of a version 2 database, adds the account table, the packs, the drafts and the histories', async () => {
    const name = `upgrade-${crypto.randomUUID()}`
    const old = new Dexie(name)
    old.version(2).stores({
      contacts: 'id, firstName, lastName, email, updatedAt',
      outbox: '++seq, &opId, recordId, status, [collection+recordId]',
      notices: '++id, recordId',
      meta: 'key',
      companies: 'id, companyName, email, website, mainPhone, updatedAt',
      industries: 'id, name, updatedAt',
      services: 'id, name, updatedAt',
      products: 'id, name, updatedAt',
      images: 'id',
    })
    await old.table('contacts').put({ id: 'c1', version: 1, firstName: 'Ada', lastName: 'Lovelace' })
    await old.table('outbox').add({ opId: 'op1', recordId: 'c1', collection: 'contacts', status: 'pending' })
    old.close()
    const upgraded = new OutpostDb(name)
    expect(await upgraded.contacts.get('c1')).toMatchObject({ firstName: 'Ada' })
    expect(await upgraded.outbox.count()).toBe(1)
    expect(upgraded.verno).toBe(7)
    expect(await upgraded.users.count()).toBe(0)
    expect(await upgraded.packs.count()).toBe(0)
    expect(await upgraded.drafts.count()).toBe(0)
    expect(await upgraded.histories.count()).toBe(0)
    await upgraded.delete()
  })
})
