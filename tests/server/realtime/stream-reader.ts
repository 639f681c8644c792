/** GET /api/sync/stream read as a device reads it, line by line, for the feed-stream tests. */
import { request as httpRequest, type IncomingMessage } from 'node:http'

/** One open stream, as a device reads it: its status, and each event or comment as it arrives. */
export interface Heard {
  status: number
  contentType: string
  lines: string[]
  ended: Promise<void>
  /** Resolves when a line holding `text` has arrived after the `from`th line. */
  hear(text: string, from?: number, timeoutMs?: number): Promise<number>
  close(): void
}

export function openStream(baseUrl: string, cookie: string | undefined): Promise<Heard> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${baseUrl}/api/sync/stream`, {
      headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) },
    })
    request.on('error', reject)
    request.on('response', (response: IncomingMessage) => {
      const lines: string[] = []
      const waiting = new Set<() => void>()
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
        const parts = text.split('\n')
        text = parts.pop() ?? ''
        lines.push(...parts.filter(Boolean))
        for (const wake of waiting) wake()
      })
      const ended = new Promise<void>((done) => {
        response.on('end', done)
        response.on('close', done)
      })
      resolve({
        status: response.statusCode ?? 0,
        contentType: String(response.headers['content-type']),
        lines,
        ended,
        hear: (wanted, from = 0, timeoutMs = 3000) =>
          new Promise((found, missed) => {
            const look = () => {
              const at = lines.findIndex((line, index) => index >= from && line.includes(wanted))
              if (at < 0) return
              waiting.delete(look)
              clearTimeout(timer)
              found(at)
            }
            const timer = setTimeout(() => {
              waiting.delete(look)
              missed(new Error(`no "${wanted}" after line ${from}: ${JSON.stringify(lines)}`))
            }, timeoutMs)
            waiting.add(look)
            look()
          }),
        close: () => request.destroy(),
      })
    })
    request.end()
  })
}
