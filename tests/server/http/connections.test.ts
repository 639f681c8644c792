/**
 * A client that stops sending is cut off (http/connections.ts): a body that
 * stalls half way, headers that never end, and more connections from one
 * address than a browser or an office would open. Over raw sockets, with the
 * deadlines shortened so the test takes seconds, not minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../helpers'
import { openSocket, stallRequest } from '../slow-client'

let server: TestServer
let base: string

beforeAll(async () => {
  server = await startTestServer({
    timeouts: { requestMs: 1_500, headersMs: 1_000, idleMs: 4_000, checkEveryMs: 200 },
    maxConnectionsPerAddress: 3,
  })
  base = await server.listen()
})
afterAll(() => server?.close())

describe('deadlines', () => {
  it('a body that stops arriving is answered 408 with the error body, and the connection closed', async () => {
    const started = Date.now()
    const answer = await stallRequest(
      { base },
      { method: 'POST', path: '/api/users/login', length: 100, sent: '{"email":"' },
      6_000,
    )
    expect(answer.status).toBe(408)
    expect(answer.json().errors).toEqual([
      expect.objectContaining({ name: 'RequestTimeout', message: expect.any(String) }),
    ])
    expect(answer.headers.connection).toBe('close')
    expect(Date.now() - started).toBeLessThan(4_000)
  })

  it('headers that never end are cut off too', async () => {
    const socket = await openSocket({ base })
    const closed = new Promise<string>((resolve) => {
      let raw = ''
      socket.on('data', (chunk) => (raw += chunk.toString('latin1')))
      socket.on('close', () => resolve(raw))
    })
    socket.write('GET /api/users/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')
    const raw = await closed
    expect(raw.startsWith('HTTP/1.1 408 ')).toBe(true)
  })
})

describe('connections per address', () => {
  const isOpen = (socket: Awaited<ReturnType<typeof openSocket>>) =>
    new Promise<boolean>((resolve) => {
      socket.once('close', () => resolve(false))
      // A connection the server keeps answers a request on it.
      socket.once('data', () => resolve(true))
      socket.write('GET /api/users/me HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    })

  it('beyond the cap a new connection from that address is closed; other addresses are not affected', async () => {
    const held = await Promise.all([1, 2, 3].map(() => openSocket({ base })))
    expect(await Promise.all(held.map(isOpen))).toEqual([true, true, true])
    const fourth = await openSocket({ base })
    expect(await isOpen(fourth)).toBe(false)
    const elsewhere = await openSocket({ base, from: '127.0.0.2' })
    expect(await isOpen(elsewhere)).toBe(true)
    // A connection closed frees its place.
    const first = held[0]
    const gone = new Promise((resolve) => first?.once('close', resolve))
    first?.destroy()
    await gone
    await new Promise((resolve) => setTimeout(resolve, 50))
    const again = await openSocket({ base })
    expect(await isOpen(again)).toBe(true)
    for (const socket of [...held, fourth, elsewhere, again]) socket.destroy()
  })
})
