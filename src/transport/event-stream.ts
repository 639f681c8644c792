/**
 * Reads a server-sent event stream (GET /api/sync/stream) with fetch, not
 * EventSource: an EventSource retries for ever, even after a 401, on its own
 * schedule; this answers how the stream ended and leaves the retrying to the
 * caller (src/sync/feed-listener.ts).
 */
import { NetworkError } from './http'

/** How a stream ended: the server closed it, or refused it with this status. */
export type StreamEnd = { kind: 'closed' } | { kind: 'refused'; status: number }

export interface EventStreamOptions {
  /** Called with each event's name (`event:` field; `message` when it has none) and its data. */
  onEvent: (name: string, data: string) => void
  /** Aborting ends the read (answered as closed). */
  signal: AbortSignal
  /** A connection silent this long is taken for dead (a network that vanished without a word). */
  silenceMs: number
  headers?: Record<string, string>
  fetch?: typeof fetch
}

/** Reads `url` until the server ends it; throws NetworkError when the network fails or falls silent. */
export async function readEventStream(url: string, options: EventStreamOptions): Promise<StreamEnd> {
  const silence = new AbortController()
  const abort = () => silence.abort()
  options.signal.addEventListener('abort', abort)
  let watchdog: ReturnType<typeof setTimeout> | undefined
  const heard = () => {
    clearTimeout(watchdog)
    watchdog = setTimeout(abort, options.silenceMs)
  }
  try {
    heard()
    const response = await (options.fetch ?? fetch)(url, {
      headers: { accept: 'text/event-stream', ...options.headers },
      credentials: 'include',
      cache: 'no-store',
      signal: silence.signal,
    })
    if (!response.ok || !response.body) {
      await response.body?.cancel()
      return { kind: 'refused', status: response.status }
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    const parse = eventParser(options.onEvent)
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return { kind: 'closed' }
      heard()
      parse(value)
    }
  } catch (error) {
    if (options.signal.aborted) return { kind: 'closed' }
    throw new NetworkError(silence.signal.aborted ? 'The stream fell silent.' : String(error))
  } finally {
    clearTimeout(watchdog)
    options.signal.removeEventListener('abort', abort)
  }
}

/** Text in, events out: an event ends at a blank line; lines starting with ':' are comments. */
function eventParser(onEvent: (name: string, data: string) => void) {
  let pending = ''
  let name = ''
  let data: string[] = []
  let hasField = false
  return (text: string) => {
    pending += text
    const lines = pending.split(/\r\n|\r|\n/)
    pending = lines.pop() ?? ''
    for (const line of lines) {
      if (line === '') {
        if (hasField) onEvent(name || 'message', data.join('\n'))
        name = ''
        data = []
        hasField = false
      } else if (!line.startsWith(':')) {
        hasField = true
        if (line.startsWith('event:')) name = line.slice(6).trim()
        else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5))
      }
    }
  }
}
