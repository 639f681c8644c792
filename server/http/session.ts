/**
 * Resolves the session cookie on every /api and /images request and turns away
 * signed-out requests to routes that are not marked `config: { public: true }`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { User } from '../../src/domain/api'
import { findSession, SESSION_COOKIE, TOUCH_INTERVAL_MS, touchSession } from '../auth/sessions'
import type { Db } from '../db/open'
import { unauthorized } from './errors'
import { isApiPath } from './guard'

const isImagePath = (url: string) => url.startsWith('/images/')

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null
    /** The raw token of the current session, for logout. */
    sessionToken: string | null
  }
  interface FastifyContextConfig {
    /** Reachable without a session (login, logout, me). */
    public?: boolean
  }
}

export function sessionCookieOptions(request: FastifyRequest, idleDays: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    // Secure when the browser talks HTTPS to us (or to the proxy, with TRUST_PROXY).
    secure: request.protocol === 'https',
    maxAge: idleDays * 86_400,
  }
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  idleDays: number,
) {
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(request, idleDays))
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, idleDays: number) {
  const { maxAge: _, ...options } = sessionCookieOptions(request, idleDays)
  reply.clearCookie(SESSION_COOKIE, options)
}

export function installSessions(app: FastifyInstance, db: Db, idleDays: number) {
  app.decorateRequest('user', null)
  app.decorateRequest('sessionToken', null)
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url) && !isImagePath(request.url)) return
    const token = request.cookies[SESSION_COOKIE]
    if (token) {
      const session = await findSession(db, token, idleDays)
      if (session) {
        request.user = session.user
        request.sessionToken = token
        if (Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
          await touchSession(db, session)
          // The cookie's own expiry slides with the server's idle window.
          setSessionCookie(request, reply, token, idleDays)
        }
      }
    }
    // Unknown routes have no url here: they fall through to the 404 handler.
    const route = request.routeOptions
    if (!request.user && route.url !== undefined && !route.config?.public) throw unauthorized()
  })
}
