/**
 * The device's side of the feed stream, against the real server over real
 * HTTP: a colleague's write asks for a pull at once; a stream that falls
 * silent is taken for dead and opened again; a refused stream (no session)
 * is tried again only slowly; stopping closes it on the server too.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FeedListener, type OpenStream } from '../../src/sync/feed-listener'
import { readEventStream } from '../../src/transport/event-stream'
import { signedInApi, startTestServer, type TestServer } from '../server/helpers'

let server: TestServer
let baseUrl: string
beforeAll(async () => {
  server = await startTestServer({ feedStreams: { heartbeatMs: 10_000 } })
  baseUrl = await server.listen()
})
afterAll(() => server.close())

async function until(check: () => boolean, timeoutMs = 3000) {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** The stream as the browser opens it, with this cookie; counts the tries. */
function opener(cookie: string | undefined, silenceMs = 30_000) {
  const tries = { count: 0 }
  const open: OpenStream = (onEvent, signal) => {
    tries.count++
    return readEventStream(`${baseUrl}/api/sync/stream`, {
      onEvent,
      signal,
      silenceMs,
      headers: cookie ? { cookie } : {},
    })
  }
  return { open, tries }
}

function listen(open: OpenStream) {
  const moves = { count: 0 }
  const listener = new FeedListener({
    userId: 'device',
    open,
    onMoved: () => moves.count++,
    sessionReady: async () => true,
    firstRetryMs: 50,
    mostRetryMs: 600,
  })
  listener.start()
  return { listener, moves }
}

it("asks for a pull on opening and at each colleague's write, within a second", async () => {
  const { cookie } = await server.signIn()
  const colleague = signedInApi(server, (await server.signIn()).cookie)
  const { listener, moves } = listen(opener(cookie).open)
  try {
    await until(() => listener.connected)
    expect(moves.count).toBe(1)
    for (let n = 1; n <= 3; n++) {
      const started = Date.now()
      expect((await colleague('POST', '/api/companies', { companyName: `Heard ${n}` })).statusCode).toBe(201)
      await until(() => moves.count === 1 + n)
      expect(Date.now() - started).toBeLessThan(1000)
    }
  } finally {
    listener.stop()
  }
  await until(() => !listener.connected)
})

it('takes a silent stream for dead and opens another, which asks for a pull again', async () => {
  const { cookie } = await server.signIn()
  // The server beats every 10 s; a device that expects a word every 300 ms gives up on it, as it
  // would on a connection that vanished without closing.
  const { open, tries } = opener(cookie, 300)
  const { listener, moves } = listen(open)
  try {
    await until(() => listener.opened >= 3, 5000)
    expect(tries.count).toBeGreaterThanOrEqual(3)
    expect(moves.count).toBeGreaterThanOrEqual(3)
  } finally {
    listener.stop()
  }
})

it('after a refusal (no session) asks for one pull, then tries again only slowly', async () => {
  const { open, tries } = opener(undefined)
  const { listener, moves } = listen(open)
  try {
    await until(() => moves.count === 1)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    // At most one more try in that second: the wait after a refusal is the longest (600 ms ± 25 %).
    expect(tries.count).toBeLessThanOrEqual(3)
    expect(listener.connected).toBe(false)
  } finally {
    listener.stop()
  }
})
