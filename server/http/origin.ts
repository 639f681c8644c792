/**
 * Where this server lives, and the checks that follow from it.
 *
 * - The Host a request names must be one of this server's names: a page on
 *   evil.example whose DNS answer is rebound to our address would otherwise
 *   talk to us as "evil.example", a same-origin page in the browser's eyes.
 *   The header is read strictly (a name or an IP literal, then an optional
 *   port of digits), so `localhost:evil.example` or `[::1]evil.example` is
 *   refused rather than read as a name we know followed by something.
 * - Requests the browser marks as coming from another site are refused on
 *   routes that check (every write), and write bodies must be JSON or
 *   multipart, which a cross-site HTML form cannot send as JSON and which no
 *   "simple" request smuggles as text/plain.
 */
import type { Server } from 'node:http'
import { isIPv6 } from 'node:net'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ApiError, badRequest, errorItem, forbidden, unsupportedMedia } from './errors'

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

/** RFC 3986's reg-name: unreserved characters, sub-delims and %-escapes (no `@`, `:`, `/`, `[`). */
const REG_NAME = /^(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})+$/
/** An IP literal as a browser writes it: an IPv6 address in brackets (IPvFuture and zones are not for Host). */
const IP_LITERAL = /^\[([0-9a-f:.]+)\]/
const PORT = /^:(\d{1,5})$/

/**
 * The host name of a Host header value (RFC 9110's `uri-host [ ":" port ]`),
 * lowercased: `[::1]:3000` → `[::1]`, `Example.com:80` → `example.com`.
 * Undefined for anything else: userinfo, a second colon, text after the
 * brackets, an empty or out-of-range port, spaces.
 */
export function hostNameOf(host: string): string | undefined {
  const lower = host.toLowerCase()
  const literal = IP_LITERAL.exec(lower)
  let name: string
  if (literal) {
    if (!isIPv6(literal[1] ?? '')) return undefined
    name = literal[0]
  } else {
    const colon = lower.indexOf(':')
    name = colon === -1 ? lower : lower.slice(0, colon)
    if (!REG_NAME.test(name)) return undefined
  }
  const rest = lower.slice(name.length)
  if (rest === '') return name
  const port = PORT.exec(rest)
  return port && Number(port[1]) <= 65_535 ? name : undefined
}

export function ownOrigin(options: OriginOptions = {}): OwnOrigin {
  const pub = options.publicUrl ? new URL(options.publicUrl) : undefined
  const names = new Set(LOOPBACK)
  // A name no valid Host header can carry would never match: it is left out.
  for (const name of options.hostNames ?? []) {
    const parsed = hostNameOf(name.trim())
    if (parsed) names.add(parsed)
  }
  if (pub) names.add(pub.hostname.toLowerCase())
  return {
    of: (request) => pub?.origin.toLowerCase() ?? `${request.protocol}://${request.host}`.toLowerCase(),
    allowsHost: (host) => names.has(hostNameOf(host) ?? ''),
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

const noHost = () => badRequest('The request must name this server in one Host header.')
const badHost = () => badRequest('The Host header is not a valid host name.')

/** How many Host lines the request had: Node keeps only the first of several. */
const hostLines = (request: FastifyRequest) =>
  request.raw.rawHeaders.filter((name, index) => index % 2 === 0 && name.toLowerCase() === 'host').length

/** The authority of an absolute-form target (`GET http://name/path`), which a server must use instead of Host. */
const targetAuthority = (url: string) => /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)?.[1]

/** 400 when the request names no host, several, or not a valid one; 421 when it is not one of ours. */
function checkHost(request: FastifyRequest, own: OwnOrigin) {
  const lines = hostLines(request)
  if (lines > 1 || (lines === 0 && request.raw.httpVersion === '1.1')) throw noHost()
  for (const host of [request.host ?? '', targetAuthority(request.raw.url ?? '')]) {
    if (host === undefined) continue
    if (host === '') throw noHost()
    if (hostNameOf(host) === undefined) throw badHost()
    if (!own.allowsHost(host)) throw misdirected(host)
  }
}

/**
 * Every request, routed or not, must name this server as its Host; `request.viaHttps()` for cookies.
 * Node's own check of a missing Host answers an empty 400 before any hook runs: it is turned
 * off, and the check here answers instead, with the error body.
 */
export function installOwnOrigin(app: FastifyInstance, own: OwnOrigin) {
  // Node reads this on each request; it is only a constructor option in its types.
  const server: Server & { requireHostHeader?: boolean } = app.server
  server.requireHostHeader = false
  app.decorateRequest('viaHttps', function (this: FastifyRequest) {
    return own.isHttps(this)
  })
  app.addHook('onRequest', async (request) => checkHost(request, own))
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
