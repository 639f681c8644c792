/**
 * How long a client may take, and how many connections one address may hold.
 *
 * A request is let in when its headers arrive and acts when its body has
 * arrived; without a deadline a caller could hold a body back for minutes
 * (http/access.ts's confirmAccess makes a late body harmless, these make it
 * impossible) or open thousands of sockets that never finish, each a file
 * descriptor. Node enforces the deadlines on the HTTP server itself; a request
 * past one is answered 408 with the error body (http/client-error.ts) and closed.
 */
import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import { addressBlock } from '../auth/address-block'

export interface HttpTimeouts {
  /** The whole request, headers and body, must have arrived within this (408 beyond). */
  requestMs: number
  /** The headers alone (Node requires at most requestMs). */
  headersMs: number
  /** A connection that sends and receives nothing this long, in the middle of a request, is closed. */
  idleMs: number
  /**
   * A kept-alive connection between requests is closed after this long. Longer than the 60 s
   * a proxy or load balancer commonly keeps an idle connection, so the server never closes one
   * the proxy is about to reuse (which the proxy would answer 502).
   */
  keepAliveMs: number
  /** How often Node looks for requests past their deadline: the deadline's precision. */
  checkEveryMs: number
}

/**
 * 120 s lets a 5 MB photo through a 400 kbit/s field connection; a client that
 * stops sending is cut off after 30 s of silence long before that.
 */
export const DEFAULT_TIMEOUTS: HttpTimeouts = {
  requestMs: 120_000,
  headersMs: 20_000,
  idleMs: 30_000,
  keepAliveMs: 72_000,
  checkEveryMs: 2_000,
}

/** Fastify's own options that carry the deadlines to the server it creates. */
export function timeoutOptions(timeouts: HttpTimeouts) {
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
  }
}

/**
 * At most `max` open connections from one address; more are closed as they
 * open. A browser holds about six per server, an office behind one NAT a few
 * dozen. Behind a proxy every connection comes from the proxy, which must cap
 * its clients itself: the caller passes 0 (no cap) then.
 */
export function capConnectionsPerAddress(server: Server, max: number) {
  if (max <= 0) return
  const open = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    // An IPv6 client holds a whole /64: counted as one, like the sign-in limits count it.
    const address = addressBlock(socket.remoteAddress ?? '')
    const count = (open.get(address) ?? 0) + 1
    if (count > max) {
      socket.destroy()
      return
    }
    open.set(address, count)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
  })
}
