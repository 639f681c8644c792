/**
 * Raw HTTP/1.1 over a socket, for the requests a client library would tidy
 * up (a Host with a port and more, no Host, two Hosts, an odd Expect): the
 * bytes reach the server exactly as written.
 */
import { connect } from 'node:net'
import { expect } from 'vitest'

export interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/** Writes `bytes` to `baseUrl`'s port and reads until the server closes the connection. */
export async function rawRequest(baseUrl: string, bytes: string): Promise<RawAnswer> {
  const url = new URL(baseUrl)
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname)
    const chunks: Buffer[] = []
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')))
    socket.on('error', (error) =>
      chunks.length ? resolve(Buffer.concat(chunks).toString('latin1')) : reject(error),
    )
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer')))
    socket.write(bytes, 'latin1')
  })
  const split = text.indexOf('\r\n\r\n')
  const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  let body = text.slice(split + 4)
  // Chunked answers (Fastify's streams): joined back into one body.
  if (headers['transfer-encoding'] === 'chunked') {
    let joined = ''
    for (let at = 0; ; ) {
      const end = body.indexOf('\r\n', at)
      const size = Number.parseInt(body.slice(at, end), 16)
      if (!size) break
      joined += body.slice(end + 2, end + 2 + size)
      at = end + 2 + size + 2
    }
    body = joined
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body }
}

/** A GET of `path` with these header lines (each `Name: value`), closing after the answer. */
export const rawGet = (baseUrl: string, path: string, headerLines: string[], method = 'GET') =>
  rawRequest(
    baseUrl,
    `${method} ${path} HTTP/1.1\r\n${[...headerLines, 'Connection: close'].join('\r\n')}\r\n\r\n`,
  )

/** The documented error body: exactly one item with name, title and message. */
export function expectErrorBody(answer: RawAnswer, status: number, name: string) {
  expect(answer.status, JSON.stringify(answer)).toBe(status)
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
  const body = JSON.parse(answer.body)
  expect(body).toEqual({
    errors: [{ name, title: expect.any(String), message: expect.any(String) }],
  })
  expect(body.errors[0].message.length).toBeGreaterThan(0)
  return body.errors[0] as { name: string; title: string; message: string }
}
