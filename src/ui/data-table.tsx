/**
 * The table every list screen uses, on TanStack Table v9 (core features only:
 * paging, search and sorting happen in the mirror query, not in the table).
 * A list defines its columns with `columnHelper<Row>()`; `meta.className`
 * styles a column's cells, e.g. hiding a low-priority column on narrow screens.
 */
import {
  type CellData,
  type ColumnDef,
  createColumnHelper,
  metaHelper,
  type RowData,
  tableFeatures,
  useTable,
} from '@tanstack/react-table'
import type { ReactNode } from 'react'
import { cx } from './cx'

interface ColumnStyle {
  /** Classes for this column's header and cells. */
  className?: string
}

const features = tableFeatures({ columnMeta: metaHelper<ColumnStyle>() })
type Features = typeof features

export const columnHelper = <Row extends RowData>() => createColumnHelper<Features, Row>()

export type Columns<Row extends RowData> = ReadonlyArray<ColumnDef<Features, Row, CellData>>

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
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50/80">
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
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="transition-colors hover:bg-slate-50/70">
              {row.getAllCells().map((cell) => (
                <td
                  key={cell.id}
                  className={cx(
                    'px-3 py-2.5 align-middle text-slate-700 first:pl-4 last:pr-4',
                    cell.column.columnDef.meta?.className,
                  )}
                >
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && empty}
    </div>
  )
}
