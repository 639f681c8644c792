/** Users and roles as the API answers them (User in src/domain/api.ts). */
import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import type { RoleName, User } from '../../src/domain/api'
import type { Db } from '../db/open'
import { roles, users } from '../db/schema'
import { hashPassword } from './password'

export type RoleId = 'admin' | 'user'

export interface NewUser {
  email: string
  password: string
  firstName?: string
  lastName?: string
  role?: RoleId
}

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  roleId: roles.id,
  roleName: roles.roleName,
}

type UserRow = { [K in keyof typeof userColumns]: string }

export const toApiUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  role: { id: row.roleId, roleName: row.roleName as RoleName },
})

export async function createUser(db: Db, input: NewUser): Promise<User> {
  const id = randomUUID()
  await db.insert(users).values({
    id,
    email: input.email.trim().toLowerCase(),
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName ?? '',
    lastName: input.lastName ?? '',
    roleId: input.role ?? 'user',
  })
  const user = await findUserById(db, id)
  if (!user) throw new Error('user vanished after insert')
  return user
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, id))
  return row ? toApiUser(row) : undefined
}

export async function findLogin(db: Db, email: string) {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.email, email.trim().toLowerCase()))
  return row ? { user: toApiUser(row), passwordHash: row.passwordHash } : undefined
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users)
  return row?.n ?? 0
}

export async function findRole(db: Db, id: string) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id))
  return row ? { id: row.id, roleName: row.roleName as RoleName } : undefined
}
