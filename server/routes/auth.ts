/**
 * users/login, users/logout, users/me and roles/:id (SPEC.md §7, DESIGN.md §4).
 * Login takes JSON or multipart form data (the old client sent FormData), and
 * is limited per IP (the rate-limit plugin) and per account (auth/lockout.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import type { LoginResponse, MeResponse } from '../../src/domain/api'
import { fieldErrors } from '../../src/domain/fields'
import { loginSchema } from '../../src/domain/user'
import { claimAttempt, clearFailures, type LockoutPolicy } from '../auth/lockout'
import { burnPasswordCheck, verifyPassword } from '../auth/password'
import { createSession, deleteSession } from '../auth/sessions'
import { findLogin, findRole, findUserById, normalEmail } from '../auth/users'
import type { Db } from '../db/open'
import { badLogin, notFound, signInLocked, validationError } from '../http/errors'
import { readForm } from '../http/multipart'
import { clearSessionCookie, setSessionCookie } from '../http/session'

/** The body of a JSON or multipart form request (a form's files are read and dropped). */
export async function formBody(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) return request.body
  return (await readForm(request, { maxFileBytes: 64 * 1024 })).fields
}

export interface AuthRouteOptions {
  idleDays: number
  /** @fastify/rate-limit route config for login and register, per IP; false turns it off. */
  loginRateLimit: { max: number; timeWindow: number | string } | false
  /** Failed sign-ins per account before it is locked for the window; false turns it off. */
  accountLockout: LockoutPolicy | false
}

export function authRoutes(app: FastifyInstance, db: Db, options: AuthRouteOptions) {
  const { idleDays } = options

  app.post(
    '/api/users/login',
    { config: { public: true, rateLimit: options.loginRateLimit || undefined } },
    async (request, reply): Promise<LoginResponse> => {
      const parsed = v.safeParse(loginSchema, (await formBody(request)) ?? {})
      if (!parsed.success) throw validationError(fieldErrors(parsed.issues))
      const { password } = parsed.output
      const email = normalEmail(parsed.output.email)
      if (options.accountLockout) {
        const wait = await claimAttempt(db, email, options.accountLockout)
        if (wait !== undefined) throw signInLocked(wait)
      }
      const found = await findLogin(db, email)
      // Same message and about the same time for an unknown email and a wrong password.
      const ok = found
        ? await verifyPassword(password, found.passwordHash)
        : await burnPasswordCheck(password)
      if (!found || !ok) throw badLogin()
      if (options.accountLockout) await clearFailures(db, email)
      if (request.sessionToken) await deleteSession(db, request.sessionToken)
      const token = await createSession(db, found.user.id)
      setSessionCookie(request, reply, token, idleDays)
      return {
        message: 'Auth Passed',
        user: found.user,
        exp: Math.floor(Date.now() / 1000) + idleDays * 86_400,
      }
    },
  )

  app.post('/api/users/logout', { config: { public: true } }, async (request, reply) => {
    if (request.sessionToken) await deleteSession(db, request.sessionToken)
    clearSessionCookie(request, reply, idleDays)
    return { message: 'You have been logged out successfully.' }
  })

  // Never 401: a signed-out client learns it from `user: null`. The full profile, as users/{id} answers it.
  app.get(
    '/api/users/me',
    { config: { public: true } },
    async (request): Promise<MeResponse> => ({
      user: request.user ? ((await findUserById(db, request.user.id)) ?? null) : null,
    }),
  )

  app.get('/api/roles/:id', async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const role = await findRole(db, request.params.id)
    if (!role) throw notFound()
    return role
  })
}
