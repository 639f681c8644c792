/**
 * A merge from the devices' side (src/sync/merge-calls.ts), against the real server in-process: two
 * companies merged by an Admin on one device become one on every device, the contacts of the one
 * merged away moved to the one kept; a merge retried after its answer was lost happens once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OutpostDb } from '../../src/db/database'
import { createRecord } from '../../src/db/record-writes'
import { signIn } from '../../src/session/sign-in'
import { SyncEngine } from '../../src/sync/engine'
import { mergeCalls } from '../../src/sync/merge-calls'
import { NetworkError, type Transport } from '../../src/transport/http'
import { startTestServer, type TestServer } from '../server/helpers'
import { injectTransport } from './in-process'
import { MemoryStorage } from './memory-storage'

let server: TestServer

async function device(user: { email: string; password: string }, wrap = (t: Transport) => t) {
  const transport = wrap(injectTransport(server.app))
  const session = await signIn(user.email, user.password, { transport, storage: new MemoryStorage() })
  const db = new OutpostDb(`merge-${crypto.randomUUID()}`)
  const engine = new SyncEngine({ db, transport, userId: session.id, notify: () => {} })
  return { db, engine, transport, writes: { db, userId: session.id } }
}

beforeEach(async () => {
  server = await startTestServer()
})
afterEach(() => server.close())

describe('merging two companies', () => {
  it('makes them one on every device, their contacts with the one kept, once though retried', async () => {
    const staff = await device(await server.createUser())
    let loseAnswer = true
    const admin = await device(await server.createUser({ role: 'admin' }), (inner) => async (request) => {
      const answer = await inner(request)
      if (request.path.endsWith('/merge') && loseAnswer) {
        loseAnswer = false
        throw new NetworkError('connection reset after commit')
      }
      return answer
    })
    const kept = await createRecord(staff.writes, 'companies', { companyName: 'Orbit Works' })
    const other = await createRecord(staff.writes, 'companies', {
      companyName: 'Orbit Works Ltd',
      website: 'orbit.example',
    })
    const contact = await createRecord(staff.writes, 'contacts', {
      firstName: 'Ada',
      company: { relationTo: 'companies', value: other },
    })
    expect(await staff.engine.sync()).toBe('ok')
    expect(await admin.engine.sync()).toBe('ok')

    let nudged = 0
    const calls = mergeCalls(admin.transport, () => nudged++)
    const values = { website: 'orbit.example' }
    await expect(calls.merge('companies', kept, other, values, 'merge-1')).rejects.toMatchObject({
      offline: true,
    })
    // Tried again under the same key: answered as the first was, though the other is gone since.
    await calls.merge('companies', kept, other, values, 'merge-1')
    expect(nudged).toBe(1)

    for (const { engine, db } of [admin, staff]) {
      expect(await engine.sync()).toBe('ok')
      expect(await db.companies.get(other)).toBeUndefined()
      expect(await db.companies.get(kept)).toMatchObject({
        companyName: 'Orbit Works',
        website: 'orbit.example',
      })
      expect((await db.contacts.get(contact))?.company).toEqual({ relationTo: 'companies', value: kept })
    }
    const history = await admin.transport({ method: 'GET', path: `companies/${kept}/history` })
    expect(
      (history.body as { docs: { action: string }[] }).docs.filter((entry) => entry.action === 'merged'),
    ).toHaveLength(1)
  })
})
