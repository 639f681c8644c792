/**
 * GET/POST users, GET/PUT/PATCH/DELETE users/{id}. Admins manage
 * everyone; a User reads and edits only their own profile and never a role.
 * Nobody deletes or demotes themself (the last Admin cannot lock everyone out).
 * Users are not in the change feed; each carries a version, and an edit made on
 * a device names it (If-Match with `_base`) and is merged field by field, as
 * for records: the signed-in user's own profile is mirrored and queued offline.
 */
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { fieldErrors } from '../../src/domain/fields'
import type { User } from '../../src/domain/rest'
import { isAdmin, userFieldSchemas } from '../../src/domain/user'
import { hashPassword, verifyPassword } from '../auth/password'
import { attemptSucceeded, claimAttempt, type SignInLimits, unlockAccount } from '../auth/sign-in-limits'
import { listRows } from '../collections/list'
import type { Db } from '../db/open'
import { users } from '../db/schema'
import { withWriteLock } from '../db/write'
import { ADMIN, SIGNED_IN } from '../http/access'
import { ApiError, errorItem, forbidden, notFound, unauthorized, validationError } from '../http/errors'
import { idempotentWrite } from '../http/idempotency'
import { imageNames } from '../images/store'
import { parseUserCreate, parseUserPatch } from '../users/body'
import { userListSource } from '../users/list'
import { findUserById, toUserDoc, type UserRow } from '../users/store'
import { deleteUser, insertUser, updateUser } from '../users/writes'
import { refusalError } from './auth'
import { idOf, ifMatchOf, sendAnswer } from './collection'

type IdRequest = FastifyRequest<{ Params: { id: string } }>

/** The signed-in caller; the route's access (SIGNED_IN or ADMIN) has already required one. */
const actorOf = (request: FastifyRequest): User => {
  if (!request.user) throw unauthorized()
  return request.user
}

/** 403 with a message saying why, for the rules a form can explain. */
const refused = (message: string) => new ApiError(403, errorItem('Forbidden', message))

const wrongPassword = () =>
  validationError([{ field: 'currentPassword', message: 'The current password is incorrect.' }])

/**
 * Changing one's own password or email takes the current password, so a
 * borrowed session cannot take the account over; wrong guesses count as
 * failed sign-ins from this address, so it cannot guess either.
 */
async function checkCurrentPassword(
  db: Db,
  limits: SignInLimits,
  request: FastifyRequest,
  current: string | undefined,
) {
  const actor = actorOf(request)
  const attempt = { address: request.ip, email: actor.email }
  const refusal = await claimAttempt(db, limits, attempt)
  if (refusal) throw refusalError(refusal)
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, actor.id))
  if (!row || !current || !(await verifyPassword(current, row.hash))) throw wrongPassword()
  await attemptSucceeded(db, attempt)
}

const UnlockSchema = v.object({ email: userFieldSchemas.email })

export function userRoutes(app: FastifyInstance, db: Db, limits: SignInLimits) {
  app.get('/api/users', { config: { access: ADMIN } }, async (request) => {
    const { rows, info } = await listRows(db, userListSource, request.query as Record<string, unknown>)
    const ids = rows.map((row) => row.userImage).filter((id): id is string => typeof id === 'string')
    const names = ids.length ? await imageNames(db, ids) : new Map<string, string>()
    const docs = rows.map((row) =>
      toUserDoc({ ...(row as UserRow), userImageFilename: names.get(row.userImage as string) ?? null }),
    )
    return { docs, ...info }
  })

  app.get('/api/users/:id', { config: { access: SIGNED_IN } }, async (request: IdRequest) => {
    const actor = actorOf(request)
    const id = idOf(request)
    if (id !== actor.id && !isAdmin(actor)) throw forbidden()
    const user = await findUserById(db, id)
    if (!user) throw notFound()
    return user
  })

  app.post('/api/users', { config: { access: ADMIN } }, async (request, reply) => {
    const actor = actorOf(request)
    const values = parseUserCreate(request.body)
    const passwordHash = await hashPassword(values.password)
    const answer = await idempotentWrite(db, request, actor.id, (tx) =>
      insertUser(tx, values, passwordHash, { actorId: actor.id }),
    )
    return sendAnswer(reply, answer)
  })

  // An account locked by failed sign-ins opens again at once (Payload's users/unlock).
  app.post('/api/users/unlock', { config: { access: ADMIN } }, async (request) => {
    const parsed = v.safeParse(UnlockSchema, request.body ?? {})
    if (!parsed.success) throw validationError(fieldErrors(parsed.issues))
    // Judged again as it acts, like every write: an Admin made a User since cannot unlock.
    await withWriteLock(db, async (tx) => {
      await request.confirmAccess(tx)
      await unlockAccount(tx, parsed.output.email.trim().toLowerCase())
    })
    return { message: 'The account has been unlocked.' }
  })

  const update = async (request: IdRequest, reply: FastifyReply) => {
    const actor = actorOf(request)
    const id = idOf(request)
    const self = id === actor.id
    if (!self && !isAdmin(actor)) throw forbidden()
    const ifMatch = ifMatchOf(request)
    const { values, base, currentPassword } = parseUserPatch(request.body, id)
    if (values.role !== undefined && values.role !== actor.role.id && self) {
      throw refused(isAdmin(actor) ? 'You cannot change your own role.' : 'Only an Admin can change a role.')
    }
    if (self) delete values.role
    const changesEmail = values.email !== undefined && values.email !== actor.email
    if (self && (values.password !== undefined || changesEmail)) {
      await checkCurrentPassword(db, limits, request, currentPassword)
    }
    const passwordHash = values.password === undefined ? undefined : await hashPassword(values.password)
    const keepSession = self ? request.sessionToken : null
    const answer = await idempotentWrite(db, request, actor.id, (tx) =>
      updateUser(tx, { id, actorId: actor.id, values, passwordHash, keepSession, ifMatch, base }),
    )
    return sendAnswer(reply, answer)
  }
  app.put('/api/users/:id', { config: { access: SIGNED_IN } }, update)
  app.patch('/api/users/:id', { config: { access: SIGNED_IN } }, update)

  app.delete('/api/users/:id', { config: { access: ADMIN } }, async (request: IdRequest, reply) => {
    const actor = actorOf(request)
    const id = idOf(request)
    if (id === actor.id) throw refused('You cannot delete your own account.')
    const answer = await idempotentWrite(db, request, actor.id, (tx) => deleteUser(tx, id))
    return sendAnswer(reply, answer)
  })
}
