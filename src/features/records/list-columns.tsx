/**
 * A list's table columns from its screen description: the primary column
 * carries the row's sync badge, emails are cut rather than wrapped, websites
 * are links, rich-text descriptions show their words, shortened. Below 1024
 * px the table shows its rows as cards (ui/data-table.tsx), every value kept.
 */
import { useMemo } from 'react'
import { collections } from '../../domain/collections'
import { websiteHref } from '../../domain/company'
import { type RichText, toPlainText } from '../../domain/rich-text'
import { type Columns, columnHelper } from '../../ui/data-table'
import { RowSyncBadge } from '../../ui/sync-badge'
import { RowActions } from './row-actions'
import type { ColumnSpec, EntityScreen } from './screens'

export type ListRow = { id: string } & Record<string, unknown>

const column = columnHelper<ListRow>()

const HIDE = { xl: 'lg:max-xl:hidden' } as const

const text = (value: unknown) => (typeof value === 'string' ? value : '')

function Cell({ spec, row }: { spec: ColumnSpec; row: ListRow }) {
  const value = row[spec.field]
  switch (spec.kind) {
    case 'primary':
      return (
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium text-slate-900">{text(value)}</span>
          <RowSyncBadge id={row.id} />
        </span>
      )
    case 'email':
      // The full address is in the tooltip and on the edit screen.
      return (
        <span title={text(value)} className="block max-w-48 truncate xl:max-w-72 max-lg:max-w-full">
          {text(value)}
        </span>
      )
    case 'website':
      return text(value) ? (
        <a
          href={websiteHref(text(value))}
          target="_blank"
          rel="noopener noreferrer"
          className="block max-w-56 truncate text-brand hover:underline max-lg:max-w-full"
        >
          {text(value)}
        </a>
      ) : null
    case 'richText': {
      const words = toPlainText(Array.isArray(value) ? (value as RichText) : null)
      return (
        <span title={words} className="line-clamp-2 max-w-xl text-slate-600">
          {words}
        </span>
      )
    }
    default:
      return <span className="whitespace-nowrap">{text(value)}</span>
  }
}

export function useListColumns(screen: EntityScreen, onDelete: (row: ListRow) => void): Columns<ListRow> {
  return useMemo(() => {
    const { displayName } = collections[screen.collection]
    return column.columns([
      ...screen.columns.map((spec) =>
        column.display({
          id: spec.field,
          header: spec.header,
          meta: { className: spec.hideBelow && HIDE[spec.hideBelow] },
          cell: ({ row }) => <Cell spec={spec} row={row.original} />,
        }),
      ),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => (
          <RowActions
            editPath={screen.paths.edit}
            id={row.original.id}
            name={displayName(row.original) || 'this record'}
            email={screen.emailField === undefined ? undefined : text(row.original[screen.emailField])}
            onDelete={() => onDelete(row.original)}
          />
        ),
      }),
    ])
  }, [screen, onDelete])
}
