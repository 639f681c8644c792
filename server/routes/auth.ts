/**
 * users/login, users/logout, users/me and roles/:id (SPEC.md §7, DESIGN.md §4).
 * Login takes JSON or multipart form data (the old client sent FormData).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import type { LoginResponse, MeResponse } from '../../src/domain/api'
import { messages } from '../../src/domain/errors'
import { fieldErrors } from '../../src/domain/fields'
import { burnPasswordCheck, verifyPassword } from '../auth/password'
import { createSession, deleteSession } from '../auth/sessions'
import { findLogin, findRole } from '../auth/users'
import type { Db } from '../db/open'
import { badLogin, notFound, validationError } from '../http/errors'
import { clearSessionCookie, setSessionCookie } from '../http/session'

const LoginSchema = v.object(
  {
    email: v.pipe(
      v.string(messages.required),
      v.trim(),
      v.nonEmpty(messages.required),
      v.maxLength(254, messages.invalidEmail),
      v.email(messages.invalidEmail),
    ),
    password: v.pipe(
      v.string(messages.required),
      v.nonEmpty(messages.required),
      v.minLength(5, 'Must be at least 5 characters.'),
      v.maxLength(1024, 'Must be at most 1024 characters.'),
    ),
  },
  // A missing key reads like an empty one; a body that is no object at all says so.
  (issue) => (issue.path?.length ? messages.required : 'Send an object with email and password.'),
)

/** The form fields of a multipart body (files are read and dropped). */
async function formFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {}
  for await (const part of request.parts()) {
    if (part.type === 'field') fields[part.fieldname] = part.value
    else await part.toBuffer()
  }
  return fields
}

export interface AuthRouteOptions {
  idleDays: number
  /** @fastify/rate-limit route config for login; false turns it off. */
  loginRateLimit: { max: number; timeWindow: number | string } | false
}

export function authRoutes(app: FastifyInstance, db: Db, options: AuthRouteOptions) {
  const { idleDays } = options

  app.post(
    '/api/users/login',
    { config: { public: true, rateLimit: options.loginRateLimit || undefined } },
    async (request, reply): Promise<LoginResponse> => {
      const body = request.isMultipart() ? await formFields(request) : request.body
      const parsed = v.safeParse(LoginSchema, body ?? {})
      if (!parsed.success) throw validationError(fieldErrors(parsed.issues))
      const { email, password } = parsed.output
      const found = await findLogin(db, email)
      // Same message and about the same time for an unknown email and a wrong password.
      const ok = found
        ? await verifyPassword(password, found.passwordHash)
        : await burnPasswordCheck(password)
      if (!found || !ok) throw badLogin()
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

  // Never 401: a signed-out client learns it from `user: null`.
  app.get(
    '/api/users/me',
    { config: { public: true } },
    async (request): Promise<MeResponse> => ({
      user: request.user,
    }),
  )

  app.get('/api/roles/:id', async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const role = await findRole(db, request.params.id)
    if (!role) throw notFound()
    return role
  })
}
