/**
 * POST /api/register (`username` and `password`, then the client
 * signs in). Off unless the operator sets REGISTRATION=open: a CRM's accounts
 * are normally made by an Admin. When open it creates a User (never an Admin)
 * and answers 201 `{ doc }` without a session. `username` is the email; `email`
 * is accepted too, and `confirmPassword`, when sent, must match. `newsletter`
 * (true, or a form's 'on'/'true') is kept with the account. The password
 * follows the rule for every new password: long enough, and not a common one.
 */
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { fieldErrors } from '../../src/domain/fields'
import { USER_DEFAULTS, userFieldSchemas } from '../../src/domain/user'
import { refuseCommonPassword } from '../auth/common-passwords'
import { hashPassword } from '../auth/password'
import { claimAttempt, type SignInLimits } from '../auth/sign-in-limits'
import type { Db } from '../db/open'
import { withWriteLock } from '../db/write'
import { PUBLIC } from '../http/access'
import { ApiError, errorItem, validationError } from '../http/errors'
import { insertUser } from '../users/writes'
import { formBody, refusalError } from './auth'
import { sendAnswer } from './collection'

const RegisterSchema = v.object({
  username: userFieldSchemas.email,
  password: userFieldSchemas.password,
})

const closed = () =>
  new ApiError(403, errorItem('Forbidden', 'Registration is closed. Ask an Admin for an account.'))

export interface RegisterOptions {
  open: boolean
  /** Register attempts count with sign-ins against the per-address limit. */
  limits: SignInLimits
}

function parse(body: unknown) {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const result = v.safeParse(RegisterSchema, {
    username: input.username ?? input.email,
    password: input.password,
  })
  if (!result.success) throw validationError(fieldErrors(result.issues))
  refuseCommonPassword(result.output.password)
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.password) {
    throw validationError([{ field: 'confirmPassword', message: 'Must match the password.' }])
  }
  const newsletter = input.newsletter === true || input.newsletter === 'true' || input.newsletter === 'on'
  return { email: result.output.username.toLowerCase(), password: result.output.password, newsletter }
}

export function registerRoutes(app: FastifyInstance, db: Db, options: RegisterOptions) {
  app.post('/api/register', { config: { access: PUBLIC } }, async (request, reply) => {
    if (!options.open) throw closed()
    const refusal = await claimAttempt(db, options.limits, { address: request.ip })
    if (refusal) throw refusalError(refusal)
    const { email, password, newsletter } = parse(await formBody(request))
    const passwordHash = await hashPassword(password)
    // No session, so no one to key a replay to: Idempotency-Key does not apply here.
    const answer = await withWriteLock(db, (tx) =>
      insertUser(tx, { ...USER_DEFAULTS, email, password }, passwordHash, {
        emailField: 'username',
        newsletter,
      }),
    )
    return sendAnswer(reply, answer)
  })
}
