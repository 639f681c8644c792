/**
 * users/login, users/logout, users/me and roles/:id (docs/api.md). Login
 * takes JSON or multipart form data (the old client sent FormData) and is
 * limited per address and per account (auth/sign-in-limits.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { fieldErrors } from '../../src/domain/fields'
import type { LoginResponse, MeResponse } from '../../src/domain/rest'
import { loginSchema } from '../../src/domain/user'
import { burnPasswordCheck, verifyPassword } from '../auth/password'
import { createSession, deleteSession, type SessionPolicy, secondsLeft } from '../auth/sessions'
import { attemptSucceeded, claimAttempt, type Refusal, type SignInLimits } from '../auth/sign-in-limits'
import type { Db } from '../db/open'
import { PUBLIC, SIGNED_IN } from '../http/access'
import { badLogin, notFound, signInLocked, tooManyRequests, validationError } from '../http/errors'
import { readForm } from '../http/multipart'
import { clearSessionCookie, setSessionCookie } from '../http/session-cookie'
import { findLogin, findRole, findUserById, normalEmail } from '../users/store'

/** The body of a JSON or multipart form request (a form's files are read and dropped). */
export async function formBody(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) return request.body
  return (await readForm(request, { maxFileBytes: 64 * 1024 })).fields
}

export const refusalError = (refusal: Refusal) =>
  refusal.account ? signInLocked(refusal.wait) : tooManyRequests(refusal.wait)

export interface AuthRouteOptions {
  sessions: SessionPolicy
  limits: SignInLimits
}

export function authRoutes(app: FastifyInstance, db: Db, options: AuthRouteOptions) {
  const { sessions, limits } = options

  app.post(
    '/api/users/login',
    { config: { access: PUBLIC } },
    async (request, reply): Promise<LoginResponse> => {
      const parsed = v.safeParse(loginSchema, (await formBody(request)) ?? {})
      if (!parsed.success) throw validationError(fieldErrors(parsed.issues))
      const { password } = parsed.output
      const attempt = { address: request.ip, email: normalEmail(parsed.output.email) }
      const refusal = await claimAttempt(db, limits, attempt)
      if (refusal) throw refusalError(refusal)
      const found = await findLogin(db, attempt.email)
      // Same message and about the same time for an unknown email and a wrong password.
      const ok = found
        ? await verifyPassword(password, found.passwordHash)
        : await burnPasswordCheck(password)
      if (!found || !ok) throw badLogin()
      await attemptSucceeded(db, attempt)
      if (request.sessionToken) await deleteSession(db, request.sessionToken)
      const token = await createSession(db, found.user.id)
      const lifetime = secondsLeft(sessions)
      setSessionCookie(request, reply, token, lifetime)
      return {
        message: 'Auth Passed',
        user: found.user,
        exp: Math.floor(Date.now() / 1000) + lifetime,
      }
    },
  )

  app.post('/api/users/logout', { config: { access: PUBLIC } }, async (request, reply) => {
    if (request.sessionToken) await deleteSession(db, request.sessionToken)
    clearSessionCookie(request, reply)
    return { message: 'You have been logged out successfully.' }
  })

  // Never 401: a signed-out client learns it from `user: null`. The full profile, as users/{id} answers it.
  app.get(
    '/api/users/me',
    { config: { access: PUBLIC } },
    async (request): Promise<MeResponse> => ({
      user: request.user ? ((await findUserById(db, request.user.id)) ?? null) : null,
    }),
  )

  app.get(
    '/api/roles/:id',
    { config: { access: SIGNED_IN } },
    async (request: FastifyRequest<{ Params: { id: string } }>) => {
      const role = await findRole(db, request.params.id)
      if (!role) throw notFound()
      return role
    },
  )
}
