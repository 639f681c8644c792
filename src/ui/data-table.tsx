/**
 * The table every list screen uses, on TanStack Table v9 (core features only:
 * paging, search and sorting happen in the mirror query, not in the table).
 * A list defines its columns with `columnHelper<Row>()`; `meta.className`
 * styles a column's cells.
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
import { cx } from './cx'

interface ColumnStyle {
  /** Classes for this column's header and cells. */
  className?: string
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
}

export function DataTable<Row extends RowData>({
  columns,
  rows,
  rowId,
  caption,
  empty,
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
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={cx(
                    'px-3 py-2.5 text-xs font-medium first:pl-4 last:pr-4 tracking-wide whitespace-nowrap text-slate-500 uppercase',
                    header.column.columnDef.meta?.className,
                  )}
                >
                  {header.isPlaceholder ? null : <FlexRender header={header} />}
                </th>
              ))}
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
