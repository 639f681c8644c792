/**
 * Users and roles as the API answers them: the profile's fields with
 * `role: { id, roleName }` and `userImage: { id, filename }`. The password
 * hash is selected only by findLogin and never leaves this module.
 */
import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import type { ImageRef } from '../../src/domain/images'
import type { RoleName, User } from '../../src/domain/rest'
import {
  PROFILE_TEXT_FIELDS,
  type ProfileTextField,
  ROLE_IDS,
  type RoleId,
  roleOf,
} from '../../src/domain/user'
import { hashPassword } from '../auth/password'
import type { Db } from '../db/open'
import { images, roles, users } from '../db/schema'

export type { RoleId }

export interface NewUser {
  email: string
  password: string
  firstName?: string
  lastName?: string
  role?: RoleId
}

/** A user as every users call answers it. */
export type UserDoc = User &
  Record<ProfileTextField, string> & {
    userImage: ImageRef | null
    /** Bumped by every change; a device's edit names it in If-Match, as for every record. */
    version: number
    createdAt: string
    updatedAt: string
  }

/** The users table's column for each profile text field (they share their names). */
export const profileColumns = Object.fromEntries(
  PROFILE_TEXT_FIELDS.map((field) => [field, users[field]]),
) as {
  [F in ProfileTextField]: (typeof users)[F]
}

export const userColumns = {
  id: users.id,
  ...profileColumns,
  roleId: users.roleId,
  userImage: users.userImage,
  userImageFilename: images.filename,
  version: users.version,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
}

export type UserRow = {
  [K in keyof typeof userColumns]: (typeof userColumns)[K]['_']['data'] | null
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value))

export function toUserDoc(row: UserRow): UserDoc {
  const profile = Object.fromEntries(PROFILE_TEXT_FIELDS.map((field) => [field, row[field] ?? ''])) as Record<
    ProfileTextField,
    string
  >
  return {
    id: row.id as string,
    ...profile,
    role: roleOf(row.roleId),
    userImage: row.userImage ? { id: row.userImage, filename: row.userImageFilename ?? '' } : null,
    version: row.version ?? 1,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }
}

/** Users joined with their image's filename: the base of every read. */
export const selectUsers = (db: Db) =>
  db.select(userColumns).from(users).leftJoin(images, eq(images.id, users.userImage))

export async function findUserById(db: Db, id: string): Promise<UserDoc | undefined> {
  const [row] = await selectUsers(db).where(eq(users.id, id))
  return row ? toUserDoc(row) : undefined
}

export const normalEmail = (email: string) => email.trim().toLowerCase()

export async function createUser(db: Db, input: NewUser): Promise<UserDoc> {
  const id = randomUUID()
  await db.insert(users).values({
    id,
    email: normalEmail(input.email),
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName ?? '',
    lastName: input.lastName ?? '',
    roleId: input.role ?? ROLE_IDS.User,
  })
  const user = await findUserById(db, id)
  if (!user) throw new Error('user vanished after insert')
  return user
}

export async function findLogin(db: Db, email: string) {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .leftJoin(images, eq(images.id, users.userImage))
    .where(eq(users.email, normalEmail(email)))
  if (!row) return undefined
  const { passwordHash, ...user } = row
  return { user: toUserDoc(user), passwordHash }
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users)
  return row?.n ?? 0
}

export async function findRole(db: Db, id: string) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id))
  return row ? { id: row.id, roleName: row.roleName as RoleName } : undefined
}
