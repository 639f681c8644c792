/**
 * Where this server lives, and the checks that follow from it.
 *
 * - The Host a request names must be one of this server's names: a page on
 *   evil.example whose DNS answer is rebound to our address would otherwise
 *   talk to us as "evil.example", a same-origin page in the browser's eyes.
 * - Requests the browser marks as coming from another site are refused on
 *   routes that check (every write), and write bodies must be JSON or
 *   multipart, which a cross-site HTML form cannot send as JSON and which no
 *   "simple" request smuggles as text/plain.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ApiError, errorItem, forbidden, unsupportedMedia } from './errors'

/** The methods that change something: the ones a cross-site page must never make with our cookie. */
export const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const BODY_TYPES = new Set(['application/json', 'multipart/form-data'])
/** Names that only ever reach this machine: a rebinding attack cannot use them. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

export interface OwnOrigin {
  /** scheme://host[:port] as a browser writes it in Origin, lowercased. */
  of(request: FastifyRequest): string
  /** Whether the Host header (name and optional port) names this server. */
  allowsHost(host: string): boolean
  /** Whether browsers reach us over HTTPS (Secure cookies). */
  isHttps(request: FastifyRequest): boolean
}

export interface OriginOptions {
  /** PUBLIC_URL: the address staff use; fixes the origin and the only outside host name. */
  publicUrl?: string
  /** Other names of this server (e.g. its LAN addresses); loopback names are always allowed. */
  hostNames?: string[]
}

/** The host name of a Host header value: `[::1]:3000` → `[::1]`, `Example.com:80` → `example.com`. */
export function hostNameOf(host: string): string {
  const lower = host.trim().toLowerCase()
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1)
  const colon = lower.indexOf(':')
  return colon === -1 ? lower : lower.slice(0, colon)
}

export function ownOrigin(options: OriginOptions = {}): OwnOrigin {
  const pub = options.publicUrl ? new URL(options.publicUrl) : undefined
  const names = new Set(LOOPBACK)
  for (const name of options.hostNames ?? []) names.add(hostNameOf(name))
  if (pub) names.add(pub.hostname.toLowerCase())
  return {
    of: (request) => pub?.origin.toLowerCase() ?? `${request.protocol}://${request.host}`.toLowerCase(),
    allowsHost: (host) => host !== '' && names.has(hostNameOf(host)),
    isHttps: (request) => (pub ? pub.protocol === 'https:' : request.protocol === 'https'),
  }
}

const misdirected = (host: string) =>
  new ApiError(
    421,
    errorItem(
      'MisdirectedRequest',
      `This server does not answer for "${host.slice(0, 100)}". Its address is set with PUBLIC_URL.`,
    ),
  )

/** Every request, routed or not, must name this server as its Host; `request.viaHttps()` for cookies. */
export function installOwnOrigin(app: FastifyInstance, own: OwnOrigin) {
  app.decorateRequest('viaHttps', function (this: FastifyRequest) {
    return own.isHttps(this)
  })
  app.addHook('onRequest', async (request) => {
    const host = request.host ?? ''
    if (!own.allowsHost(host)) throw misdirected(host)
  })
}

function hasBody(request: FastifyRequest) {
  const length = request.headers['content-length']
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
}

/** The CSRF check of a route declared `sameOrigin: true` (http/access.ts). */
export function checkSameOrigin(request: FastifyRequest, own: OwnOrigin) {
  const origin = request.headers.origin
  if (origin !== undefined && origin.toLowerCase() !== own.of(request)) throw forbidden()
  // No Origin (old browsers, curl): a browser still tells cross-site fetches apart.
  const site = request.headers['sec-fetch-site']
  if (origin === undefined && (site === 'cross-site' || site === 'same-site')) throw forbidden()
  if (!WRITES.has(request.method) || !hasBody(request)) return
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  if (!type || !BODY_TYPES.has(type)) throw unsupportedMedia()
}
