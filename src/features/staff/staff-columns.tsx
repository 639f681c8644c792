/** The staff list's columns: name, email, role, and edit and delete (no delete of oneself). */
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import type { Account } from '../../domain/user'
import { type Columns, columnHelper } from '../../ui/data-table'
import { EditIcon, TrashIcon } from '../../ui/icons'
import { iconButton } from '../../ui/styles'
import { memberName } from './use-delete-member'

const column = columnHelper<Account>()

export function useStaffColumns(
  selfId: string,
  onDelete: (target: { id: string; name: string }) => void,
): Columns<Account> {
  return useMemo(
    () =>
      column.columns([
        column.display({ id: 'name', header: 'Name', cell: ({ row }) => memberName(row.original) }),
        column.display({ id: 'email', header: 'Email', cell: ({ row }) => row.original.email }),
        column.display({ id: 'role', header: 'Role', cell: ({ row }) => row.original.role.roleName }),
        column.display({
          id: 'actions',
          header: () => <span className="sr-only">Actions</span>,
          cell: ({ row }) => {
            const member = row.original
            const name = memberName(member)
            const self = member.id === selfId
            return (
              <div className="flex items-center justify-end gap-0.5">
                <Link
                  to="/admin/users/edit/$id"
                  params={{ id: member.id }}
                  aria-label={`Edit ${name}`}
                  title="Edit"
                  className={iconButton}
                >
                  <EditIcon />
                </Link>
                <button
                  type="button"
                  aria-label={`Delete ${name}`}
                  title={self ? 'You cannot delete your own account' : 'Delete'}
                  disabled={self}
                  onClick={() => onDelete({ id: member.id, name })}
                  className={iconButton}
                >
                  <TrashIcon />
                </button>
              </div>
            )
          },
        }),
      ]),
    [selfId, onDelete],
  )
}
