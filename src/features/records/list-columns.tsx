/**
 * A list's table columns from its screen description: the primary column
 * carries the row's sync badge, emails are cut rather than wrapped, web
 * addresses are links, rich-text descriptions show their words, shortened; a cut value
 * shows whole on hover and on focus. Other values wrap, so the table always
 * fits its card. Below 1024 px the table shows its rows as cards
 * (ui/data-table.tsx), every value kept.
 */
import { useMemo } from 'react'
import type { ListedRow } from '../../db/index-entries'
import { collections } from '../../domain/collections'
import { webHref } from '../../domain/fields'
import { type RichText, toPlainText } from '../../domain/rich-text'
import { cx } from '../../ui/cx'
import { type Columns, columnHelper } from '../../ui/data-table'
import { cutToLine, cutToLines } from '../../ui/styles'
import { RowSyncBadge } from '../../ui/sync-badge'
import { RecordLink, RowActions } from './row-actions'
import { RowCheckbox } from './row-checkbox'
import type { ColumnSpec, EntityScreen } from './screens'

/** A row as the list shows it: the collection's `listFields` (src/domain/collections.ts). */
export type ListRow = ListedRow

const column = columnHelper<ListRow>()

const HIDE = { xl: 'lg:max-xl:hidden' } as const

/** A column whose value a card's title already shows is left out of the card. */
const cellClasses = (spec: ColumnSpec, columns: readonly ColumnSpec[]) =>
  [
    spec.hideBelow && HIDE[spec.hideBelow],
    columns.some((other) => other.cardTitleWith === spec.field) && 'max-lg:hidden',
  ]
    .filter(Boolean)
    .join(' ') || undefined

const text = (value: unknown) => (typeof value === 'string' ? value : '')

function Cell({
  spec,
  row,
  name,
  editPath,
}: {
  spec: ColumnSpec
  row: ListRow
  name: string
  editPath: string
}) {
  const value = row[spec.field]
  // Nothing at all for an empty value: its cell is then empty, and a card leaves out its label too.
  if (spec.kind !== 'primary' && spec.kind !== 'richText' && text(value).trim() === '') return null
  switch (spec.kind) {
    case 'primary': {
      // A card has no column headers: its title is the whole name ('Inês Al-Sayed', not 'Inês' with
      // 'Al-Sayed' under it). Added by CSS, the rest is no second copy of the text in the page.
      const rest = spec.cardTitleWith ? text(row[spec.cardTitleWith]) : ''
      return (
        // The box stays beside the name, however the name wraps. By touch its 44 px target reaches 12 px
        // past the box: the name starts clear of it.
        <span className="flex items-center gap-x-2 pointer-coarse:gap-x-4">
          <RowCheckbox id={row.id} name={name || text(value)} />
          <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
            {/* The name opens the record too, not only the pencil. */}
            <RecordLink
              editPath={editPath}
              id={row.id}
              data-card-rest={rest ? ` ${rest}` : undefined}
              className="min-w-0 font-medium text-slate-900 hover:underline max-lg:after:content-[attr(data-card-rest)] pointer-coarse:-my-3 pointer-coarse:min-w-11 pointer-coarse:py-3"
            >
              {text(value)}
            </RecordLink>
            <RowSyncBadge id={row.id} />
          </span>
        </span>
      )
    }
    case 'email':
      // Cut to fit, never wrapped: whole in its title, and when focused (ui/styles.ts).
      return (
        <span
          // biome-ignore lint/a11y/noNoninteractiveTabindex: focus (Tab, or a tap: no hover) shows it whole
          tabIndex={0}
          title={text(value)}
          className={cx(cutToLine, 'max-w-48 max-lg:max-w-full')}
        >
          {text(value)}
        </span>
      )
    case 'link':
      return (
        <a
          href={webHref(text(value))}
          target="_blank"
          rel="noopener noreferrer"
          title={text(value)}
          className={cx(
            cutToLine,
            'max-w-40 text-brand hover:underline max-lg:max-w-full pointer-coarse:-my-3 pointer-coarse:min-w-11 pointer-coarse:py-3',
          )}
        >
          {/* What tells addresses apart, in a narrow column: 'linkedin.com/in/ada', not 'https://www.linke…'. */}
          {text(value)
            .replace(/^https?:\/\//i, '')
            .replace(/^www\./i, '')}
        </a>
      )
    case 'richText': {
      const words = toPlainText(Array.isArray(value) ? (value as RichText) : null)
      if (!words) return null
      return (
        <span
          // biome-ignore lint/a11y/noNoninteractiveTabindex: focus (Tab, or a tap: no hover) shows them whole
          tabIndex={0}
          title={words}
          className={cx(cutToLines, 'max-w-xl text-slate-600')}
        >
          {words}
        </span>
      )
    }
    default:
      // Wrapped, whole: a long title or phone makes its row taller, never the table wider.
      return text(value)
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
          meta: { className: cellClasses(spec, screen.columns), sortable: spec.sortable },
          cell: ({ row }) => (
            <Cell
              spec={spec}
              row={row.original}
              name={displayName(row.original)}
              editPath={screen.paths.edit}
            />
          ),
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
