/**
 * Which field each column of the file fills: the column's header, its first value, and a choice of
 * the entity's fields (or none), guessed from the header at first (src/domain/import-columns.ts).
 */
import type { ColumnMapping, ImportField } from '../../domain/import-columns'
import { input } from '../../ui/styles'

const NOT_IMPORTED = ''

export function ImportMapping({
  headers,
  rows,
  fields,
  mapping,
  onChange,
}: {
  headers: readonly string[]
  rows: readonly string[][]
  fields: readonly ImportField[]
  mapping: ColumnMapping
  onChange: (mapping: ColumnMapping) => void
}) {
  /** A column's first value that is not empty, as an example of what it holds. */
  const example = (column: number) => rows.find((row) => (row[column] ?? '').trim() !== '')?.[column] ?? ''
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Column in the file
            </th>
            <th scope="col" className="hidden py-2 pr-3 sm:table-cell">
              First value
            </th>
            <th scope="col" className="py-2">
              Imports as
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {headers.map((header, column) => {
            const name = header || `Column ${column + 1}`
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a file's columns are its places; two may share a header.
              <tr key={column}>
                <th
                  scope="row"
                  className="max-w-48 min-w-24 py-2 pr-3 font-medium wrap-anywhere text-slate-900"
                >
                  {name}
                </th>
                {/* Whole, wrapped: a value cut short could not be read on a phone's tap. */}
                <td className="hidden max-w-64 py-2 pr-3 wrap-anywhere text-slate-600 sm:table-cell">
                  {example(column)}
                </td>
                {/* On a phone, the field's choice takes the room the example leaves. */}
                <td className="w-full py-2 sm:w-auto">
                  <select
                    aria-label={`${name} imports as`}
                    className={`${input} min-w-40`}
                    value={mapping[column] ?? NOT_IMPORTED}
                    onChange={(event) =>
                      onChange(mapping.map((each, at) => (at === column ? event.target.value || null : each)))
                    }
                  >
                    <option value={NOT_IMPORTED}>Not imported</option>
                    {fields.map((field) => (
                      <option key={field.name} value={field.name}>
                        {field.required ? `${field.label} (required)` : field.label}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
