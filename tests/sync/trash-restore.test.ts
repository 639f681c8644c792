/**
 * The Trash from the devices' side (src/sync/trash-calls.ts), against the real
 * server in-process: a record deleted on one device and restored by an Admin
 * on another comes back on every device, with the contacts its delete
 * unlinked; offline, the Trash says it needs a connection.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OutpostDb } from '../../src/db/database'
import { createRecord, deleteRecord } from '../../src/db/record-writes'
import { signIn } from '../../src/session/sign-in'
import { SyncEngine } from '../../src/sync/engine'
import { OnlineCallError } from '../../src/sync/online-call'
import { TRASH_OFFLINE_TEXT, trashCalls } from '../../src/sync/trash-calls'
import { NetworkError, type Transport } from '../../src/transport/http'
import { startTestServer, type TestServer } from '../server/helpers'
import { injectTransport } from './in-process'
import { MemoryStorage } from './memory-storage'

let server: TestServer

async function device(user: { email: string; password: string }) {
  const transport = injectTransport(server.app)
  const session = await signIn(user.email, user.password, { transport, storage: new MemoryStorage() })
  const db = new OutpostDb(`trash-${crypto.randomUUID()}`)
  const engine = new SyncEngine({ db, transport, userId: session.id, notify: () => {} })
  return { db, engine, transport, writes: { db, userId: session.id } }
}

beforeEach(async () => {
  server = await startTestServer()
})
afterEach(() => server.close())

describe('restoring from the Trash', () => {
  it('brings a deleted company back on every device, with the contacts its delete unlinked', async () => {
    const staff = await device(await server.createUser({ firstName: 'Sam', lastName: 'Staff' }))
    const admin = await device(await server.createUser({ role: 'admin' }))
    const company = await createRecord(staff.writes, 'companies', { companyName: 'Orbit Works' })
    const contact = await createRecord(staff.writes, 'contacts', {
      firstName: 'Ada',
      company: { relationTo: 'companies', value: company },
    })
    expect(await staff.engine.sync()).toBe('ok')
    await deleteRecord(staff.writes, 'companies', company)
    expect(await staff.engine.sync()).toBe('ok')
    expect(await admin.engine.sync()).toBe('ok')
    expect(await admin.db.companies.get(company)).toBeUndefined()
    expect((await admin.db.contacts.get(contact))?.company).toBeNull()

    let nudged = 0
    const trash = trashCalls(admin.transport, () => nudged++)
    const page = await trash.list('companies', 1, 10)
    expect(page.docs).toMatchObject([
      { doc: { id: company, companyName: 'Orbit Works' }, deletedBy: 'Sam Staff' },
    ])
    await trash.restore('companies', company)
    expect(nudged).toBe(1)

    for (const { engine, db } of [admin, staff]) {
      expect(await engine.sync()).toBe('ok')
      expect(await db.companies.get(company)).toMatchObject({ companyName: 'Orbit Works' })
      expect((await db.contacts.get(contact))?.company).toEqual({ relationTo: 'companies', value: company })
    }
    expect((await trash.list('companies', 1, 10)).docs).toEqual([])
  })

  it('says the server is needed when offline, and what the server refused otherwise', async () => {
    const offline: Transport = async () => {
      throw new NetworkError('offline')
    }
    const trash = trashCalls(offline, () => {})
    await expect(trash.list('contacts', 1, 10)).rejects.toMatchObject({
      offline: true,
      message: TRASH_OFFLINE_TEXT,
    })

    const staff = await device(await server.createUser())
    const refused = await trashCalls(staff.transport, () => {})
      .list('contacts', 1, 10)
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(OnlineCallError)
    expect(refused).toMatchObject({ status: 403, offline: false })
  })
})
