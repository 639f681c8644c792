/**
 * Create, update and delete of a user inside a write transaction, answering
 * `{ status, body }` for the idempotency layer. Who may do what is decided by
 * the routes (routes/users.ts) before these run; passwords arrive hashed, so
 * scrypt never runs while the write lock is held.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, ne, sql } from 'drizzle-orm'
import { ROLE_IDS } from '../../src/domain/user'
import { forgetSessions } from '../auth/session-cache'
import { endSessionsOf } from '../auth/sessions'
import { movedFields } from '../collections/conflict'
import { users } from '../db/schema'
import type { Tx } from '../db/write'
import { imageUploader } from '../images/store'
import { forbiddenBecause, invalid, notFound, stale } from '../refusals'
import type { UserPatch, UserValues } from './body'
import { findUserById, type UserDoc } from './store'

export interface UserAnswer {
  status: number
  body: { doc: UserDoc; message: string }
}

export const USER_CREATED = 'User successfully created.'

async function checkEmailFree(tx: Tx, email: string | undefined, exceptId?: string) {
  if (email === undefined) return
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptId ? ne(users.id, exceptId) : undefined))
  if (taken) throw invalid([{ field: 'email', message: 'A user with this email already exists.' }])
}

/**
 * A photo must be a user image the person making the change uploaded (an
 * Admin may set one they uploaded on someone else), or the photo already set:
 * ids are not secrets, and another user's photo is not theirs to wear.
 */
async function checkUserImage(tx: Tx, id: string | null | undefined, actorId?: string, currentId?: string) {
  if (typeof id !== 'string' || id === currentId) return
  const image = await imageUploader(tx, id)
  if (image?.kind !== 'user-image') {
    throw invalid([{ field: 'userImage', message: 'Must be the id of an uploaded user image.' }])
  }
  if (actorId === undefined || image.uploadedBy !== actorId) {
    throw invalid([{ field: 'userImage', message: 'Choose a photo you uploaded yourself.' }])
  }
}

const ADMIN_NEEDED = 'Outpost needs at least one Admin. Make another user an Admin first.'

/**
 * Refuses a change that would leave no Admin: the one who could manage staff.
 * Runs under the write lock, so two Admins demoting each other at once are
 * taken one after the other, and the second finds the first's change.
 */
async function keepAnAdmin(tx: Tx, id: string) {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, ROLE_IDS.Admin), ne(users.id, id)))
    .limit(1)
  if (!other) throw forbiddenBecause(ADMIN_NEEDED)
}

const isAdminDoc = (doc: UserDoc) => doc.role?.id === ROLE_IDS.Admin

/** A user's columns from validated values (the password is hashed apart; the role is `roleId`). */
function columnsOf(values: UserPatch) {
  const { password: _, role, ...profile } = values
  return { ...profile, ...(role === undefined ? {} : { roleId: role as string }) }
}

export interface InsertOptions {
  /** The body's name for the email, for the message when it is taken (register calls it `username`). */
  emailField?: string
  /** Register's newsletter choice. */
  newsletter?: boolean
  /** Who is making the account (an Admin), for the photo's check; absent for a register. */
  actorId?: string
}

export async function insertUser(
  tx: Tx,
  values: UserValues,
  passwordHash: string,
  { emailField = 'email', newsletter = false, actorId }: InsertOptions = {},
) {
  try {
    await checkEmailFree(tx, values.email)
  } catch (error) {
    if (emailField === 'email') throw error
    throw invalid([{ field: emailField, message: 'A user with this email already exists.' }])
  }
  await checkUserImage(tx, values.userImage, actorId)
  const id = randomUUID()
  const { password: _, role, ...profile } = values
  await tx
    .insert(users)
    .values({ ...profile, email: values.email, roleId: role ?? ROLE_IDS.User, id, passwordHash, newsletter })
  const doc = (await findUserById(tx, id)) as UserDoc
  return { status: 201, body: { doc, message: USER_CREATED } } satisfies UserAnswer
}

export interface UserUpdate {
  id: string
  /** Who makes the change (the user themself, or an Admin). */
  actorId?: string
  values: UserPatch
  /** Set when the password changes. */
  passwordHash?: string
  /** The session that made the change, kept when users change their own password. */
  keepSession?: string | null
  /** The version the edit was made on (If-Match); absent, the last write wins. */
  ifMatch?: number
  /** The changed fields' values when the edit was made (`_base`): a stale edit of untouched fields lands. */
  base?: Record<string, unknown>
}

/** A field's value as the merge compares it: the role and the photo by their ids, however sent. */
function comparable(value: unknown): unknown {
  if (value === null || value === undefined) return null
  if (typeof value === 'object') return (value as { id?: unknown }).id ?? null
  return value
}

/**
 * The same field-level merge as the records' (collections/writes.ts): an edit
 * made on an older version is still taken when nobody has changed, since, the
 * fields it changes; otherwise 412 with the current doc and those fields.
 */
function checkVersion(current: UserDoc, update: UserUpdate) {
  const { ifMatch, base, values } = update
  if (ifMatch === undefined || current.version === ifMatch) return
  const fields = Object.keys(values).filter((field) => field !== 'password')
  const doc = current as unknown as Record<string, unknown> & { id: string; version: number }
  const moved = movedFields(fields, doc, base, (_field, value) => comparable(value))
  if (!base || moved.length > 0) throw stale(moved, doc)
}

export async function updateUser(tx: Tx, update: UserUpdate): Promise<UserAnswer> {
  const { id, values, passwordHash } = update
  const current = await findUserById(tx, id)
  if (!current) throw notFound()
  checkVersion(current, update)
  if (values.role !== undefined && values.role !== ROLE_IDS.Admin && isAdminDoc(current))
    await keepAnAdmin(tx, id)
  await checkEmailFree(tx, values.email, id)
  await checkUserImage(tx, values.userImage, update.actorId, current.userImage?.id)
  // A cached session holds the user's role and names: let it be read afresh.
  forgetSessions()
  const set = { ...columnsOf(values), ...(passwordHash ? { passwordHash } : {}) }
  await tx
    .update(users)
    .set({ ...set, version: sql`${users.version} + 1`, updatedAt: sql`clock_timestamp()` })
    .where(eq(users.id, id))
  // A new password ends every other session of that user: whoever knew the old one is out.
  if (passwordHash) await endSessionsOf(tx, id, update.keepSession)
  const doc = (await findUserById(tx, id)) as UserDoc
  return { status: 200, body: { doc, message: 'Updated successfully.' } }
}

/** Deletes the account and, by cascade, its sessions; records the user created stay. */
export async function deleteUser(tx: Tx, id: string): Promise<UserAnswer> {
  const doc = await findUserById(tx, id)
  if (!doc) throw notFound()
  if (isAdminDoc(doc)) await keepAnAdmin(tx, id)
  forgetSessions()
  await tx.delete(users).where(eq(users.id, id))
  return { status: 200, body: { doc, message: 'Deleted successfully.' } }
}
