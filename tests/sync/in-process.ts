/**
 * The sync engine against the real server app, in-process: requests go through
 * `app.inject` with a cookie jar per client, so nothing listens on a port and
 * every test runs against the real routes, database and transactions.
 */
import type { FastifyInstance } from 'fastify'
import type { ApiRequest, ApiResponse, Transport } from '../../src/transport/http'
import { queryString } from '../../src/transport/http'

export interface CookieJar {
  cookie?: string
}

export function injectTransport(app: FastifyInstance, jar: CookieJar = {}): Transport {
  return async (request: ApiRequest): Promise<ApiResponse> => {
    const headers: Record<string, string> = { ...request.headers }
    let payload: string | FormData | undefined
    if (request.body instanceof FormData) payload = request.body
    else if (request.body !== undefined) {
      payload = JSON.stringify(request.body)
      headers['content-type'] = 'application/json'
    }
    if (jar.cookie) headers.cookie = jar.cookie
    const answer = await app.inject({
      method: request.method,
      url: `/api/${request.path}${queryString(request.query)}`,
      headers,
      payload,
    })
    const setCookie = answer.headers['set-cookie']
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie
    if (first) jar.cookie = first.split(';')[0]
    let body: unknown = answer.body
    try {
      body = answer.json()
    } catch {
      // not JSON: keep the text
    }
    return { status: answer.statusCode, headers: answer.headers as Record<string, string>, body }
  }
}
