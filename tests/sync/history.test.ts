/**
 * A record's history across the sync, against the real server in-process: an edit made offline
 * and replayed after its answer was lost is one entry, not two, with the time it was made on the
 * device; and the device reads the history into its own database for its screens.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OutpostDb } from '../../src/db/database'
import { historyKey } from '../../src/db/histories'
import { createRecord, updateRecord } from '../../src/db/record-writes'
import { signIn } from '../../src/session/sign-in'
import { SyncEngine } from '../../src/sync/engine'
import { historyCalls } from '../../src/sync/history-calls'
import { NetworkError, type Transport } from '../../src/transport/http'
import { startTestServer, type TestServer } from '../server/helpers'
import { injectTransport } from './in-process'
import { MemoryStorage } from './memory-storage'

let server: TestServer

beforeEach(async () => {
  server = await startTestServer()
})
afterEach(() => server.close())

describe('history through the sync', () => {
  it('keeps an offline edit replayed after a lost answer once, with the time it was made', async () => {
    const user = await server.createUser({ firstName: 'Field', lastName: 'Engineer' })
    let loseNextPatch = false
    const inner = injectTransport(server.app)
    const transport: Transport = async (request) => {
      const answer = await inner(request)
      if (request.method === 'PATCH' && loseNextPatch) {
        loseNextPatch = false
        throw new NetworkError('connection reset after commit')
      }
      return answer
    }
    const session = await signIn(user.email, user.password, { transport, storage: new MemoryStorage() })
    const db = new OutpostDb(`history-${crypto.randomUUID()}`)
    const engine = new SyncEngine({ db, transport, userId: session.id, notify: () => {} })
    const writes = { db, userId: session.id }

    const id = await createRecord(writes, 'contacts', { firstName: 'Ada', title: 'Ms' })
    expect(await engine.sync()).toBe('ok')
    // Made on the device (offline) a while before it is sent.
    await updateRecord(writes, 'contacts', id, { title: 'Countess' })
    const [op] = await db.outbox.toArray()
    await db.outbox.update(op?.seq as number, { createdAt: Date.now() - 2 * 3_600_000 })
    const madeAt = new Date(((await db.outbox.toArray())[0]?.createdAt ?? 0) as number).toISOString()

    loseNextPatch = true
    expect(await engine.sync()).toBe('offline')
    expect(await engine.sync()).toBe('ok')

    const history = historyCalls(transport, db)
    await history.refresh('contacts', id)
    const kept = await db.histories.get(historyKey('contacts', id))
    expect(kept?.entries.map((entry) => entry.action)).toEqual(['updated', 'created'])
    expect(kept?.entries[0]).toMatchObject({
      by: 'Field Engineer',
      madeAt,
      changes: { title: { from: 'Ms', to: 'Countess' } },
    })
    expect(Date.parse(kept?.entries[0]?.at ?? '') - Date.parse(madeAt)).toBeGreaterThan(3_600_000)
  })
})
