/** The session cookie: HttpOnly, SameSite=Lax, Secure whenever browsers reach us over HTTPS. */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { SESSION_COOKIE } from '../auth/sessions'

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether the browser talks HTTPS to us (or to the proxy in front, or PUBLIC_URL says so). */
    viaHttps(): boolean
  }
}

/** `maxAge`: the seconds the session may still live (auth/sessions.ts, secondsLeft). */
export function sessionCookieOptions(request: FastifyRequest, maxAge: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.viaHttps(),
    maxAge,
  }
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAge: number,
) {
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(request, maxAge))
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  const { maxAge: _, ...options } = sessionCookieOptions(request, 0)
  reply.clearCookie(SESSION_COOKIE, options)
}
