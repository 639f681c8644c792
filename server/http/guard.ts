/**
 * CSRF guard for writes under /api. The session is a cookie, so a browser
 * attaches it to cross-site requests too: a write must come from our own
 * origin (when the browser says where it comes from), and must carry JSON or
 * multipart, which a cross-site HTML form cannot send as JSON and which no
 * "simple" request smuggles as text/plain.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { forbidden, unsupportedMedia } from './errors'

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const BODY_TYPES = new Set(['application/json', 'multipart/form-data'])

export const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')

/** scheme://host[:port] of this request, as a browser would write it in Origin. */
export const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`.toLowerCase()

function hasBody(request: FastifyRequest) {
  const length = request.headers['content-length']
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
}

export function checkWrite(request: FastifyRequest) {
  const origin = request.headers.origin
  if (origin !== undefined && origin.toLowerCase() !== ownOrigin(request)) throw forbidden()
  // No Origin (old browsers, curl): a browser still tells cross-site fetches apart.
  const site = request.headers['sec-fetch-site']
  if (origin === undefined && (site === 'cross-site' || site === 'same-site')) throw forbidden()
  if (!hasBody(request)) return
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  if (!type || !BODY_TYPES.has(type)) throw unsupportedMedia()
}

export function installWriteGuard(app: FastifyInstance) {
  // Fastify parses text/plain by default; the API never takes it.
  app.removeContentTypeParser('text/plain')
  app.addHook('onRequest', async (request) => {
    if (WRITES.has(request.method) && isApiPath(request.url)) checkWrite(request)
  })
}
