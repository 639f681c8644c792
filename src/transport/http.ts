/**
 * The one door to the network. The sync engine speaks in ApiRequest /
 * ApiResponse; in the browser this goes over fetch (ofetch), in tests it goes
 * straight into the server app in-process, or through a faulty wrapper.
 */
import { ofetch } from 'ofetch'

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Relative to the API root, without a leading slash: 'contacts/123'. */
  path: string
  query?: Record<string, unknown>
  headers?: Record<string, string>
  body?: unknown
  /** Give up after this long (default REQUEST_TIMEOUT_MS): a request that hangs is a network failure. */
  timeoutMs?: number
}

/**
 * A weak signal or a captive portal can leave a request unanswered for
 * minutes; the engine must not wait on it. Long enough for a 5 MB upload on a
 * slow mobile link.
 */
export const REQUEST_TIMEOUT_MS = 60_000

export interface ApiResponse {
  status: number
  headers: Record<string, string>
  body: unknown
}

export type Transport = (request: ApiRequest) => Promise<ApiResponse>

/** The request never got an answer: offline, DNS, reset, timed out. Retried later, never a failure of the change. */
export class NetworkError extends Error {
  override name = 'NetworkError'
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * Nested bracket keys as the spec builds them (where[or][0][firstName][like]=…),
 * but with values encoded (docs/api.md deviation): a search for AT&T or +44 works.
 * The server reads it with qs; written here in a few lines, as qs writes it
 * (arrays by index, null as empty, undefined left out), because qs and what it
 * pulls in would be about a tenth of the sync worker's bytes.
 */
export function queryString(query: Record<string, unknown> | undefined) {
  const pairs: string[] = []
  // A lone surrogate (a word cut in the middle of an emoji) as U+FFFD, as qs writes it:
  // encodeURIComponent would throw on it.
  const encode = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'))
  const add = (key: string, value: unknown) => {
    if (value === undefined) return
    if (value === null) pairs.push(`${key}=`)
    else if (value instanceof Date) pairs.push(`${key}=${encode(value.toISOString())}`)
    else if (typeof value === 'object')
      for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item)
    else pairs.push(`${key}=${encode(String(value))}`)
  }
  for (const [name, value] of Object.entries(query ?? {})) add(name, value)
  return pairs.length ? `?${pairs.join('&')}` : ''
}

/**
 * An answer's body: the API answers JSON, parsed as it is. Not ofetch's default
 * (destr), which first runs two regular expressions over every text for
 * prototype-polluting keys: 100 ms of a first sync of 100,000. JSON.parse makes such keys plain own properties, and
 * nothing here merges answers into other objects. A text that is not JSON (a
 * proxy's error page) is kept as text.
 */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export function fetchTransport(apiRoot = '/api'): Transport {
  return async (request) => {
    let response: Awaited<ReturnType<typeof ofetch.raw>>
    try {
      response = await ofetch.raw(`${apiRoot}/${request.path}${queryString(request.query)}`, {
        method: request.method,
        headers: request.headers,
        body: request.body as BodyInit | Record<string, unknown> | undefined,
        credentials: 'include',
        ignoreResponseError: true,
        retry: 0,
        timeout: request.timeoutMs ?? REQUEST_TIMEOUT_MS,
        parseResponse: parseBody,
      })
    } catch (error) {
      throw new NetworkError(error instanceof Error ? error.message : String(error))
    }
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers.entries()),
      body: response._data,
    }
  }
}
