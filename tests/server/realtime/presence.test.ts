/**
 * PUT /api/sync/presence from outside: who has which record open reaches the
 * other signed-in devices' streams as names only, goes when the screen says
 * it left or stops saying it is there, and bad or unsigned words are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signedInApi, startTestServer, type TestServer } from '../helpers'
import { expectErrorBody, rawRequest } from '../raw-http'
import { type Heard, openStream } from './stream-reader'

const RECORD = 'contacts:0b7e1c2a-4d5f-4a6b-8c9d-0e1f2a3b4c5d'

let server: TestServer
let baseUrl: string
beforeAll(async () => {
  server = await startTestServer({ presence: { ttlMs: 400, perSession: 2 } })
  baseUrl = await server.listen()
})
afterAll(() => server.close())

/** The names on each record in the next presence event after line `from`, and that event's line. */
async function nextPresence(stream: Heard, from: number) {
  const at = await stream.hear('event: presence', from)
  await stream.hear('data:', at + 1)
  return {
    at,
    map: JSON.parse((stream.lines[at + 1] as string).slice(5)) as Record<string, { name: string }[]>,
  }
}

describe('PUT /api/sync/presence', () => {
  it('is refused without a session, and with a malformed tab or record', async () => {
    const host = new URL(baseUrl).host
    const body = JSON.stringify({ tab: 'tab-00000001', record: RECORD })
    const anonymous = await rawRequest(
      baseUrl,
      `PUT /api/sync/presence HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    )
    expectErrorBody(anonymous, 401, 'UnauthorizedError')

    const api = signedInApi(server, (await server.signIn()).cookie)
    for (const bad of [
      { tab: 'x', record: RECORD },
      { tab: 'tab-00000001', record: 'users:0b7e1c2a-4d5f-4a6b-8c9d-0e1f2a3b4c5d' },
      { tab: 'tab-00000001', record: 'contacts:../../etc' },
      { tab: 'tab-00000001' },
      ['not', 'an', 'object'],
    ]) {
      const answer = await api('PUT', '/api/sync/presence', bad)
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400)
      expect(answer.json().errors[0].name).toBe('ValidationError')
    }
  })

  it("tells the other devices' streams who has a record open, by name only, and when they leave", async () => {
    const grace = await server.signIn({ firstName: 'Grace', lastName: 'Hopper' })
    const watcher = await server.signIn()
    const stream = await openStream(baseUrl, watcher.cookie)
    try {
      let { at, map } = await nextPresence(stream, 0)
      expect(map).toEqual({})
      const api = signedInApi(server, grace.cookie)
      expect(
        (await api('PUT', '/api/sync/presence', { tab: 'tab-00000001', record: RECORD })).statusCode,
      ).toBe(204)
      ;({ at, map } = await nextPresence(stream, at + 1))
      expect(map).toEqual({ [RECORD]: [{ id: grace.user.id, name: 'Grace Hopper' }] })
      expect((await api('PUT', '/api/sync/presence', { tab: 'tab-00000001', record: null })).statusCode).toBe(
        204,
      )
      ;({ map } = await nextPresence(stream, at + 1))
      expect(map).toEqual({})
    } finally {
      stream.close()
    }
  })

  it('forgets a screen that stops saying it is there', async () => {
    const ada = await server.signIn({ firstName: 'Ada', lastName: 'Lovelace' })
    const stream = await openStream(baseUrl, (await server.signIn()).cookie)
    try {
      let { at } = await nextPresence(stream, 0)
      await signedInApi(server, ada.cookie)('PUT', '/api/sync/presence', {
        tab: 'tab-00000002',
        record: RECORD,
      })
      ;({ at } = await nextPresence(stream, at + 1))
      // Nothing more is said: within the 400 ms it lasts here (and the sweep after it), it lapses.
      const { map } = await nextPresence(stream, at + 1)
      expect(map).toEqual({})
    } finally {
      stream.close()
    }
  })

  it('keeps at most so many screens per session (429), and a screen that moves on is still one', async () => {
    const api = signedInApi(server, (await server.signIn()).cookie)
    const say = (tab: string) => api('PUT', '/api/sync/presence', { tab, record: RECORD })
    expect((await say('tab-aaaaaaa1')).statusCode).toBe(204)
    expect((await say('tab-aaaaaaa2')).statusCode).toBe(204)
    expect((await say('tab-aaaaaaa1')).statusCode).toBe(204)
    const third = await say('tab-aaaaaaa3')
    expect(third.statusCode).toBe(429)
    expect(third.json().errors[0].message).toBe(
      'Too many screens are open at once. Close some and try again.',
    )
  })
})
