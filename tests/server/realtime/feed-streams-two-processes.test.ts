/**
 * Several server processes on one PostgreSQL: a write through one process
 * reaches the feed streams held by the other (LISTEN/NOTIFY), as fast as a
 * write in the same process does.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ADMIN, apiSession, type RunningServer, startApiServer } from '../../e2e/server-process'
import { startTestPostgres, type TestPostgres } from '../postgres'
import { openStream } from './stream-reader'

let postgres: TestPostgres
let a: RunningServer
let b: RunningServer

beforeAll(async () => {
  postgres = await startTestPostgres()
  const env = { DATABASE_URL: postgres.url }
  a = await startApiServer(env)
  b = await startApiServer(env)
}, 120_000)

afterAll(async () => {
  await a?.stop()
  await b?.stop()
  await postgres?.stop()
})

async function cookieFor(server: RunningServer) {
  const login = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  expect(login.status).toBe(200)
  return (login.headers.get('set-cookie') ?? '').split(';')[0] as string
}

it('hears on one process the writes made through the other, within a second, each time', async () => {
  const writer = await apiSession(a.url)
  const stream = await openStream(b.url, await cookieFor(b))
  try {
    let from = (await stream.hear('event: ready')) + 1
    for (let n = 0; n < 5; n++) {
      const started = Date.now()
      await writer.post('companies', { companyName: `Across ${n}` })
      from = (await stream.hear('event: moved', from)) + 1
      expect(Date.now() - started).toBeLessThan(1000)
    }
  } finally {
    stream.close()
  }
})
