/** The session cookie: HttpOnly, SameSite=Lax, Secure whenever browsers reach us over HTTPS. */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { SESSION_COOKIE } from '../auth/sessions'

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether the browser talks HTTPS to us (or to the proxy in front, or PUBLIC_URL says so). */
    viaHttps(): boolean
  }
}

export function sessionCookieOptions(request: FastifyRequest, idleDays: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.viaHttps(),
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
