/**
 * The figures behind a chart, as a table. Always in the page, so a screen
 * reader reaches them; on screen only when the user asks for them.
 */
import type { ReactNode } from 'react'

interface FigureTableProps {
  caption: string
  /** The first column's heading, then each figure's. */
  headers: string[]
  /** A row's first cell names it (a row header), the rest are counts. */
  rows: { key: string; name: ReactNode; values: (number | string)[] }[]
  visible: boolean
}

export function FigureTable({ caption, headers, rows, visible }: FigureTableProps) {
  return (
    <div className={visible ? 'overflow-x-auto' : 'sr-only'}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs text-slate-500 uppercase">
            {headers.map((header, i) => (
              <th key={header} scope="col" className={`px-2 py-2 font-medium ${i ? 'text-right' : ''}`}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="px-2 py-1.5 font-normal text-slate-700">
                {row.name}
              </th>
              {row.values.map((value, i) => (
                <td key={headers[i + 1]} className="px-2 py-1.5 text-right text-slate-900 tabular-nums">
                  {typeof value === 'number' ? value.toLocaleString('en-GB') : value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
