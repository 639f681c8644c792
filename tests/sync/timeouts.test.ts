/**
 * A request that never gets an answer (a captive portal, a weak signal) is a
 * network failure after a while, never a wait without end: the engine moves
 * on, and Discard in sync issues finishes with what the device has.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { opsFor, updateRecord } from '../../src/db/record-writes'
import { push } from '../../src/sync/push'
import { discardChange } from '../../src/sync/resolve'
import { fetchTransport, NetworkError } from '../../src/transport/http'
import { json, scripted } from './fake-server'

let silent: Server
let apiRoot: string

beforeAll(async () => {
  // Takes every request and never answers it.
  silent = createServer(() => {})
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  apiRoot = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/api`
})
afterAll(() => {
  silent.closeAllConnections()
  silent.close()
})

describe('requests that never answer', () => {
  it('fail as network errors after their timeout', async () => {
    const transport = fetchTransport(apiRoot)
    const started = Date.now()
    await expect(transport({ method: 'GET', path: 'contacts', timeoutMs: 300 })).rejects.toBeInstanceOf(
      NetworkError,
    )
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('do not hold up Discard: the change goes and the local copy is put back', async () => {
    const env = scripted()
    await env.db.contacts.put({ id: 'c1', version: 3, firstName: 'Ada', title: 'Ms' } as never)
    await updateRecord(env.writes, 'contacts', 'c1', { title: 'Dr' })
    env.state.answer = () =>
      json(400, { errors: [{ name: 'ValidationError', title: 'Bad', message: 'Bad' }] })
    await push(env.ctx)
    const [failed] = await opsFor(env.db, 'contacts', 'c1')
    expect(failed?.status).toBe('failed')

    const ctx = { ...env.ctx, transport: fetchTransport(apiRoot) }
    const started = Date.now()
    await discardChange(ctx, failed as NonNullable<typeof failed>)
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(await opsFor(env.db, 'contacts', 'c1')).toEqual([])
    expect(await env.db.contacts.get('c1')).toMatchObject({ title: 'Ms' })
    await env.db.delete()
  }, 30_000)
})
