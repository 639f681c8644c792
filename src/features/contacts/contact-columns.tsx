/**
 * The contact list's columns (SPEC.md §2: First Name, Last Name, Email, Phone,
 * Title). On narrower screens Title gives way first (below 1024 px), then
 * Phone (below 768 px); the names and email always stay.
 */
import { useMemo } from 'react'
import { collections } from '../../domain/collections'
import type { Contact } from '../../domain/contact'
import { columnHelper } from '../../ui/data-table'
import { RowSyncBadge } from '../../ui/sync-badge'
import { ContactRowActions } from './contact-row-actions'

const column = columnHelper<Contact>()

export function useContactColumns(onDelete: (contact: Contact) => void) {
  return useMemo(
    () =>
      column.columns([
        column.accessor('firstName', {
          header: 'First Name',
          cell: ({ row, getValue }) => (
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium whitespace-nowrap text-slate-900">{getValue()}</span>
              <RowSyncBadge id={row.original.id} />
            </span>
          ),
        }),
        column.accessor('lastName', { header: 'Last Name', meta: { className: 'whitespace-nowrap' } }),
        column.accessor('email', {
          header: 'Email',
          // Long addresses are cut, not wrapped: the full one is in the tooltip and on the edit screen.
          cell: ({ getValue }) => (
            <span title={getValue()} className="block max-w-48 truncate xl:max-w-72">
              {getValue()}
            </span>
          ),
        }),
        column.accessor('phone', { header: 'Phone', meta: { className: 'whitespace-nowrap max-md:hidden' } }),
        column.accessor('title', { header: 'Title', meta: { className: 'max-lg:hidden' } }),
        column.display({
          id: 'actions',
          header: () => <span className="sr-only">Actions</span>,
          cell: ({ row }) => (
            <ContactRowActions
              id={row.original.id}
              name={collections.contacts.displayName(row.original)}
              email={row.original.email}
              onDelete={() => onDelete(row.original)}
            />
          ),
        }),
      ]),
    [onDelete],
  )
}
