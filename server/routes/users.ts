/**
 * GET/POST users, GET/PUT/PATCH/DELETE users/{id} (SPEC.md §7). Admins manage
 * everyone; a User reads and edits only their own profile and never a role.
 * Nobody deletes or demotes themself (the last Admin cannot lock everyone out).
 * Users are not in the change feed and carry no version: updatedAt only.
 */
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { User } from '../../src/domain/api'
import { ROLE_IDS } from '../../src/domain/user'
import { hashPassword, verifyPassword } from '../auth/password'
import { findUserById, toUserDoc, type UserRow } from '../auth/users'
import { listRows } from '../collections/list'
import type { Db } from '../db/open'
import { users } from '../db/schema'
import { ApiError, errorItem, forbidden, notFound, unauthorized, validationError } from '../http/errors'
import { idempotentWrite } from '../http/idempotency'
import { imageNames } from '../images/store'
import { parseUserCreate, parseUserPatch } from '../users/body'
import { userListSource } from '../users/list'
import { deleteUser, insertUser, updateUser } from '../users/writes'
import { idOf, sendAnswer } from './collection'

type IdRequest = FastifyRequest<{ Params: { id: string } }>

export const isAdmin = (user: User) => user.role.id === ROLE_IDS.Admin

const actorOf = (request: FastifyRequest) => {
  if (!request.user) throw unauthorized()
  return request.user
}

/** 403 with a message saying why, for the rules a form can explain. */
const refused = (message: string) => new ApiError(403, errorItem('Forbidden', message))

function adminOnly(request: FastifyRequest): User {
  const actor = actorOf(request)
  if (!isAdmin(actor)) throw forbidden()
  return actor
}

/** Changing one's own password takes the current one: a borrowed session cannot lock the owner out. */
async function checkCurrentPassword(db: Db, id: string, current: string | undefined) {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id))
  if (!row || !current || !(await verifyPassword(current, row.hash))) {
    throw validationError([{ field: 'currentPassword', message: 'The current password is incorrect.' }])
  }
}

export function userRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/users', async (request) => {
    adminOnly(request)
    const { rows, info } = await listRows(db, userListSource, request.query as Record<string, unknown>)
    const ids = rows.map((row) => row.userImage).filter((id): id is string => typeof id === 'string')
    const names = ids.length ? await imageNames(db, ids) : new Map<string, string>()
    const docs = rows.map((row) =>
      toUserDoc({ ...(row as UserRow), userImageFilename: names.get(row.userImage as string) ?? null }),
    )
    return { docs, ...info }
  })

  app.get('/api/users/:id', async (request: IdRequest) => {
    const actor = actorOf(request)
    const id = idOf(request)
    if (id !== actor.id && !isAdmin(actor)) throw forbidden()
    const user = await findUserById(db, id)
    if (!user) throw notFound()
    return user
  })

  app.post('/api/users', async (request, reply) => {
    const actor = adminOnly(request)
    const values = parseUserCreate(request.body)
    const passwordHash = await hashPassword(values.password)
    const answer = await idempotentWrite(db, request, actor.id, (tx) => insertUser(tx, values, passwordHash))
    return sendAnswer(reply, answer)
  })

  const update = async (request: IdRequest, reply: FastifyReply) => {
    const actor = actorOf(request)
    const id = idOf(request)
    const self = id === actor.id
    if (!self && !isAdmin(actor)) throw forbidden()
    const { values, currentPassword } = parseUserPatch(request.body, id)
    if (values.role !== undefined && values.role !== actor.role.id && self) {
      throw refused(isAdmin(actor) ? 'You cannot change your own role.' : 'Only an Admin can change a role.')
    }
    if (self) delete values.role
    let passwordHash: string | undefined
    if (values.password !== undefined) {
      if (self) await checkCurrentPassword(db, id, currentPassword)
      passwordHash = await hashPassword(values.password)
    }
    const keepSession = self ? request.sessionToken : null
    const answer = await idempotentWrite(db, request, actor.id, (tx) =>
      updateUser(tx, { id, values, passwordHash, keepSession }),
    )
    return sendAnswer(reply, answer)
  }
  app.put('/api/users/:id', update)
  app.patch('/api/users/:id', update)

  app.delete('/api/users/:id', async (request: IdRequest, reply) => {
    const actor = adminOnly(request)
    const id = idOf(request)
    if (id === actor.id) throw refused('You cannot delete your own account.')
    const answer = await idempotentWrite(db, request, actor.id, (tx) => deleteUser(tx, id))
    return sendAnswer(reply, answer)
  })
}
