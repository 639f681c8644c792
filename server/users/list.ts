/**
 * GET users' query paths: the same `where`, sort and paging as every list
 * (collections/list.ts), over the profile fields. The password hash is not a
 * path: nobody can probe it with `like` or `sort`.
 */
import type { AnyColumn } from 'drizzle-orm'
import type { ListSource } from '../collections/list-order'
import { kindOf, SORTABLE_META } from '../collections/registry'
import type { QueryField } from '../collections/where'
import { users } from '../db/schema'
import { profileColumns } from './store'

const paths: Record<string, AnyColumn> = {
  id: users.id,
  ...profileColumns,
  role: users.roleId,
  'role.id': users.roleId,
  userImage: users.userImage,
  'userImage.id': users.userImage,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
}

const fields = new Map<string, QueryField>(
  Object.entries(paths).map(([name, column]) => [name, { name, column, kind: kindOf(column) }]),
)

/**
 * What the staff list shows (src/features/staff/staff-columns.tsx): the name (first and last), the
 * email and the role (its id, 'admin' before 'user', as their names sort); and the record metadata.
 * The rest of a profile (address, about me, …) is on no list, and is refused (a 400).
 */
const sortable = new Set<string>([...SORTABLE_META, 'firstName', 'lastName', 'email', 'role'])

export const userListSource: ListSource = { table: users, fields, sortable, defaultSort: 'email' }
