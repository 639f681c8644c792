/**
 * The table every list screen uses, on TanStack Table v9 (core features only:
 * paging, search and sorting happen in the mirror query, not in the table).
 * A list defines its columns with `columnHelper<Row>()`; `meta.className`
 * styles a column's cells, and `meta.sortable` makes its header a button that
 * asks for another order (`onSort`); the header of the order shown carries
 * `aria-sort`.
 *
 * Below 1024 px (a tablet, upright) the rows become stacked cards, each value
 * under its column's name, so no column is cut away or squeezed: the first
 * column is the card's title, with the last (the actions) beside it.
 *
 * A long value never widens the table past its card (which would push the
 * row's actions out of sight): cells wrap, anywhere if they must, and a
 * column that cuts its values (an email) gives them a maximum width.
 */
import {
  type CellData,
  type ColumnDef,
  createColumnHelper,
  FlexRender,
  metaHelper,
  type RowData,
  type Row as TableRow,
  tableFeatures,
  useTable,
} from '@tanstack/react-table'
import { memo, type ReactNode } from 'react'
import type { ListSort } from '../domain/list-order'
import { cx } from './cx'
import { ChevronDownIcon, ChevronsUpDownIcon, ChevronUpIcon } from './icons'

interface ColumnStyle {
  /** Classes for this column's header and cells. */
  className?: string
  /** Whether the list can be ordered by this column (its id is the field). */
  sortable?: boolean
}

const features = tableFeatures({ columnMeta: metaHelper<ColumnStyle>() })
type Features = typeof features

export const columnHelper = <Row extends RowData>() => createColumnHelper<Features, Row>()

export type Columns<Row extends RowData> = ReadonlyArray<ColumnDef<Features, Row, CellData>>

const rowClass =
  'transition-colors hover:bg-slate-50/70 max-lg:grid max-lg:grid-cols-2 max-lg:gap-x-6 max-lg:gap-y-2 max-lg:px-4 max-lg:py-3 max-sm:grid-cols-1'

/**
 * In a card each value sits under its column's name (data-label), and an empty cell is left out; the
 * actions sit beside the title (below it on a phone).
 */
const cellClass =
  'px-3 py-2.5 align-middle wrap-anywhere text-slate-700 first:pl-4 last:pr-4 max-lg:block max-lg:min-w-0 max-lg:p-0 max-lg:first:pl-0 max-lg:last:pr-0 max-lg:before:block max-lg:before:text-xs max-lg:before:text-slate-500 max-lg:before:content-[attr(data-label)] max-lg:first:before:hidden max-lg:first:self-center max-lg:empty:hidden max-lg:last:before:hidden max-lg:last:col-start-2 max-lg:last:row-start-1 max-lg:last:self-center max-lg:last:justify-self-end max-sm:last:col-start-1 max-sm:last:row-start-auto'

interface DataTableProps<Row extends RowData> {
  columns: Columns<Row>
  rows: Row[]
  rowId: (row: Row) => string
  /** Read by screen readers before the table: what the table lists. */
  caption: string
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode
  /** The order the rows are in, and what a sortable column's header asks for when clicked. */
  sorting?: { sort: ListSort; onSort: (field: string) => void }
}

export function DataTable<Row extends RowData>({
  columns,
  rows,
  rowId,
  caption,
  empty,
  sorting,
}: DataTableProps<Row>) {
  const table = useTable({ features, columns, data: rows, getRowId: (row) => rowId(row) })
  const headers = table.getHeaderGroups()
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm max-lg:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50/80 max-lg:hidden">
          {headers.map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const { meta } = header.column.columnDef
                const sorted = sorting?.sort.field === header.column.id ? sorting.sort : undefined
                const content = header.isPlaceholder ? null : <FlexRender header={header} />
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted && (sorted.descending ? 'descending' : 'ascending')}
                    className={cx(
                      'px-3 py-2.5 text-xs font-medium first:pl-4 last:pr-4 tracking-wide whitespace-nowrap text-slate-500 uppercase',
                      meta?.className,
                    )}
                  >
                    {sorting && meta?.sortable ? (
                      <SortButton sorted={sorted} onClick={() => sorting.onSort(header.column.id)}>
                        {content}
                      </SortButton>
                    ) : (
                      content
                    )}
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100 max-lg:block max-lg:border-t max-lg:border-slate-200">
          {table.getRowModel().rows.map((row, slot) => (
            // Keyed by place, not by record: the next page fills the same rows with new text instead of
            // removing every row and building ten new ones (most of a page change's work otherwise).
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are a page's slots, see above
            <BodyRow key={slot} row={row} columns={columns} />
          ))}
        </tbody>
      </table>
      {rows.length === 0 && empty}
    </div>
  )
}

/**
 * A header that orders the list: its arrow says which way, faint both ways while it does not. Its
 * words may wrap, so the arrows never widen a full table past its card (1024 px, by touch).
 */
function SortButton({
  sorted,
  onClick,
  children,
}: {
  sorted: ListSort | undefined
  onClick: () => void
  children: ReactNode
}) {
  const Arrow = !sorted ? ChevronsUpDownIcon : sorted.descending ? ChevronDownIcon : ChevronUpIcon
  return (
    <button
      type="button"
      onClick={onClick}
      className={cx(
        '-mx-1.5 -my-1 inline-flex items-center gap-1 rounded px-1.5 py-1 text-left whitespace-normal uppercase tracking-wide pointer-coarse:min-h-11 hover:bg-slate-200/60 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand',
        sorted && 'text-slate-800',
      )}
    >
      {children}
      <Arrow className={cx('size-3.5', !sorted && 'opacity-40')} />
    </button>
  )
}

/**
 * One row, rendered again only when its record or the columns change: not
 * when the list around it does (the footer's counts, the page's next read).
 */
const BodyRow = memo(function BodyRow<Row extends RowData>({
  row,
}: {
  row: TableRow<Features, Row>
  /** Only compared: new columns render the row again. */
  columns: Columns<Row>
}) {
  return (
    <tr className={rowClass}>
      {row.getAllCells().map((cell) => (
        <td
          key={cell.column.id}
          data-label={
            typeof cell.column.columnDef.header === 'string' ? cell.column.columnDef.header : undefined
          }
          className={cx(cellClass, cell.column.columnDef.meta?.className)}
        >
          <FlexRender cell={cell} />
        </td>
      ))}
    </tr>
  )
}) as <Row extends RowData>(props: { row: TableRow<Features, Row>; columns: Columns<Row> }) => ReactNode
