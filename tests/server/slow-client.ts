/**
 * A client that controls when its bytes go on the wire, over a bare socket: a
 * body held back after its headers, a body that stops arriving, a connection
 * from a chosen loopback address. Nothing here normalises or completes what
 * the test writes.
 */
import { connect, type Socket } from 'node:net'

export interface SlowAnswer {
  status: number
  headers: Record<string, string>
  body: string
  /** Whether the server closed the connection. */
  closed: boolean
  json: () => Record<string, unknown>
}

function parse(raw: string, closed: boolean): SlowAnswer {
  const split = raw.indexOf('\r\n\r\n')
  const head = split === -1 ? raw : raw.slice(0, split)
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const bytes = Buffer.from(split === -1 ? '' : raw.slice(split + 4), 'latin1')
  const length = headers['content-length']
  const body = (length === undefined ? bytes : bytes.subarray(0, Number(length))).toString('utf8')
  return {
    status: Number(statusLine.split(' ')[1] ?? 0),
    headers,
    body,
    closed,
    json: () => JSON.parse(body),
  }
}

/** Reads until the answer is whole (by its Content-Length) or the server closes. */
function readAnswer(socket: Socket, timeoutMs: number): Promise<SlowAnswer> {
  return new Promise((resolve, reject) => {
    let raw = ''
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no whole answer within ${timeoutMs} ms; got ${JSON.stringify(raw.slice(0, 200))}`))
    }, timeoutMs)
    const done = (closed: boolean) => {
      clearTimeout(timer)
      resolve(parse(raw, closed))
    }
    socket.on('data', (chunk) => {
      raw += chunk.toString('latin1')
      const split = raw.indexOf('\r\n\r\n')
      const length = parse(raw, false).headers['content-length']
      if (split !== -1 && length !== undefined && raw.length - split - 4 >= Number(length)) done(false)
    })
    socket.on('close', () => done(true))
    socket.on('error', () => {})
  })
}

export interface SlowTarget {
  /** The server's base URL (http://127.0.0.1:port). */
  base: string
  /** A loopback address to send from (127.0.0.x), as another client would. */
  from?: string
}

export function openSocket({ base, from }: SlowTarget): Promise<Socket> {
  const url = new URL(base)
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(url.port), host: url.hostname, localAddress: from })
    socket.once('connect', () => resolve(socket))
    socket.once('error', reject)
  })
}

export interface SlowRequest {
  method: string
  path: string
  cookie?: string
  /** A JSON body; its bytes are counted for Content-Length. */
  body?: unknown
  headers?: Record<string, string>
}

function headOf(target: SlowTarget, request: SlowRequest, length: number) {
  const url = new URL(target.base)
  const lines = [
    `${request.method} ${request.path} HTTP/1.1`,
    `Host: ${url.host}`,
    `Origin: ${url.origin}`,
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    ...(request.cookie ? [`Cookie: ${request.cookie}`] : []),
    ...Object.entries(request.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
  ]
  return `${lines.join('\r\n')}\r\n\r\n`
}

export interface HeldRequest {
  /** Sends the body held back so far and reads the answer. */
  release(): Promise<SlowAnswer>
}

/** Sends a request's headers now and its body only when released, as an attacker holding it back would. */
export async function holdRequest(target: SlowTarget, request: SlowRequest): Promise<HeldRequest> {
  const body = Buffer.from(JSON.stringify(request.body ?? {}))
  const socket = await openSocket(target)
  socket.write(headOf(target, request, body.length))
  // Let the server read the headers and run the route's access hooks before anything else happens.
  await new Promise((resolve) => setTimeout(resolve, 100))
  return {
    release() {
      const answer = readAnswer(socket, 10_000)
      socket.write(body)
      return answer.finally(() => socket.destroy())
    },
  }
}

/** Sends the headers and `sent` of a body said to be `length` bytes long, then nothing more. */
export async function stallRequest(
  target: SlowTarget,
  request: SlowRequest & { length: number; sent: string },
  timeoutMs: number,
): Promise<SlowAnswer> {
  const socket = await openSocket(target)
  const answer = readAnswer(socket, timeoutMs)
  socket.write(headOf(target, request, request.length) + request.sent)
  return answer.finally(() => socket.destroy())
}

/** A whole request at once, from the target's address: for tests that choose where a client is. */
export async function sendRequest(target: SlowTarget, request: SlowRequest): Promise<SlowAnswer> {
  const body = Buffer.from(JSON.stringify(request.body ?? {}))
  const socket = await openSocket(target)
  const answer = readAnswer(socket, 10_000)
  socket.write(Buffer.concat([Buffer.from(headOf(target, request, body.length)), body]))
  return answer.finally(() => socket.destroy())
}
