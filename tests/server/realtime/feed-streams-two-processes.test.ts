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

it('tells the streams on one process who has a record open through the other', async () => {
  const record = 'contacts:0b7e1c2a-4d5f-4a6b-8c9d-0e1f2a3b4c5d'
  const cookie = await cookieFor(a)
  const stream = await openStream(b.url, await cookieFor(b))
  try {
    const first = await stream.hear('event: presence')
    const said = await fetch(`${a.url}/api/sync/presence`, {
      method: 'PUT',
      headers: { cookie, origin: a.url, 'content-type': 'application/json' },
      body: JSON.stringify({ tab: 'tab-00000001', record }),
    })
    expect(said.status).toBe(204)
    const next = await stream.hear(record, first + 1)
    expect(stream.lines[next]).toMatch(/^data: /)
  } finally {
    stream.close()
  }
})
