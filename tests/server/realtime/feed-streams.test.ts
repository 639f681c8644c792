/**
 * GET /api/sync/stream from outside, over real HTTP: a signed-in device hears
 * "moved" when anyone's write lands, keeps hearing a heartbeat, and loses the
 * stream when its session ends; without a session there is no stream. And the
 * stream hub cuts off a reader that never reads.
 */
import { request as httpRequest } from 'node:http'
import { PassThrough } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_SESSION_POLICY, hashToken } from '../../../server/auth/sessions'
import { canListen, feedMoved } from '../../../server/db/feed-signal'
import type { Db } from '../../../server/db/open'
import { FeedStreams } from '../../../server/realtime/feed-streams'
import { Presence } from '../../../server/realtime/presence'
import { signedInApi, startTestServer, type TestServer } from '../helpers'
import { expectErrorBody, rawGet } from '../raw-http'
import { openStream } from './stream-reader'

let server: TestServer
let baseUrl: string
beforeAll(async () => {
  server = await startTestServer({ feedStreams: { heartbeatMs: 150 } })
  baseUrl = await server.listen()
})
afterAll(() => server.close())

describe('GET /api/sync/stream', () => {
  it('is refused without a session: 401 with the error body, and no stream', async () => {
    const answer = await rawGet(baseUrl, '/api/sync/stream', [`Host: ${new URL(baseUrl).host}`])
    expectErrorBody(answer, 401, 'UnauthorizedError')
    expect(answer.headers['content-type']).toContain('application/json')
  })

  it('says ready, then moved after a colleague saves, then keeps alive', async () => {
    const { cookie } = await server.signIn()
    const colleague = signedInApi(server, (await server.signIn()).cookie)
    const stream = await openStream(baseUrl, cookie)
    try {
      expect(stream.status).toBe(200)
      expect(stream.contentType).toContain('text/event-stream')
      const ready = await stream.hear('event: ready')
      const started = Date.now()
      expect((await colleague('POST', '/api/companies', { companyName: 'Streamed Ltd' })).statusCode).toBe(
        201,
      )
      await stream.hear('event: moved', ready + 1)
      expect(Date.now() - started).toBeLessThan(1000)
      await stream.hear(': keep-alive', ready + 1)
    } finally {
      stream.close()
    }
  })

  it("says moved after a colleague's batch of changes lands, as after any write", async () => {
    const { cookie } = await server.signIn()
    const colleague = signedInApi(server, (await server.signIn()).cookie)
    const stream = await openStream(baseUrl, cookie)
    try {
      const ready = await stream.hear('event: ready')
      const changes = ['Batched One', 'Batched Two'].map((companyName, n) => ({
        method: 'POST',
        path: 'companies',
        key: `stream-batch-${n}-${Date.now()}`,
        body: { companyName },
      }))
      const batch = await colleague('POST', '/api/sync/batch', { changes })
      expect(batch.json().answers.map((answer: { status: number }) => answer.status)).toEqual([201, 201])
      await stream.hear('event: moved', ready + 1)
    } finally {
      stream.close()
    }
  })

  it('ends at once when its session logs out', async () => {
    const { cookie } = await server.signIn()
    const stream = await openStream(baseUrl, cookie)
    await stream.hear('event: ready')
    expect((await signedInApi(server, cookie)('POST', '/api/users/logout')).statusCode).toBe(200)
    await stream.ended
  })

  it('ends by the next heartbeat when its session is gone by another way (another process)', async () => {
    const { cookie } = await server.signIn()
    const stream = await openStream(baseUrl, cookie)
    await stream.hear('event: ready')
    // Straight in the database, as another server process would: nothing in this one is told.
    await server.db.execute(sql`delete from sessions`)
    await stream.ended
  })

  it('is not cut off by the request deadlines: a stream outlives the idle and whole-request timeouts', async () => {
    const short = await startTestServer({
      feedStreams: { heartbeatMs: 100 },
      timeouts: { requestMs: 400, headersMs: 400, idleMs: 300, checkEveryMs: 50 },
    })
    try {
      const url = await short.listen()
      const { cookie } = await short.signIn()
      const lines: string[] = []
      const request = httpRequest(`${url}/api/sync/stream`, { headers: { cookie } })
      let ended = false
      request.on('response', (response) => {
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => lines.push(chunk))
        response.on('close', () => {
          ended = true
        })
      })
      request.end()
      await new Promise((resolve) => setTimeout(resolve, 1200))
      expect(ended).toBe(false)
      expect(lines.join('')).toContain(': keep-alive')
      request.destroy()
    } finally {
      await short.close()
    }
  })
})

describe('the stream hub', () => {
  it('cuts off a device that never reads, once its unread text passes the bound', async () => {
    const hub = new FeedStreams(server.db, DEFAULT_SESSION_POLICY, new Presence(() => {}), {
      heartbeatMs: 2,
      maxBufferedBytes: 2048,
    })
    const out = new PassThrough({ highWaterMark: 256 })
    const { cookie } = await server.signIn()
    const token = decodeURIComponent(cookie.split('=')[1] as string)
    hub.add(out, null, hashToken(token))
    expect(hub.size).toBe(1)
    await new Promise<void>((resolve) => out.once('close', () => resolve()))
    expect(hub.size).toBe(0)
    expect(out.destroyed).toBe(true)
    await hub.close()
  })

  it('says ready only once a write through another process would be heard, and nothing before', async () => {
    // A database other processes write to, whose first LISTEN is held until `listening` is called.
    const elsewhere = {} as Db
    let listening = () => {}
    canListen(elsewhere, async () => {
      await new Promise<void>((resolve) => {
        listening = resolve
      })
      return async () => {}
    })
    const hub = new FeedStreams(elsewhere, DEFAULT_SESSION_POLICY, new Presence(() => {}), {
      heartbeatMs: 60_000,
      maxBufferedBytes: 64 * 1024,
    })
    const out = new PassThrough()
    let text = ''
    out.on('data', (chunk: Buffer) => {
      text += chunk.toString()
    })
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50))
    hub.add(out, null, 'a-session')
    // A write here before the LISTEN is in place: its pull on "ready" will read it.
    feedMoved(elsewhere)
    await settle()
    expect(text).toBe('')
    listening()
    await settle()
    expect(text).toMatch(/^retry: 2000\nevent: ready\ndata: \{\}\n\nevent: presence\n/)
    expect(text).not.toContain('event: moved')
    feedMoved(elsewhere)
    await settle()
    expect(text).toContain('event: moved')
    await hub.close()
  })
})
