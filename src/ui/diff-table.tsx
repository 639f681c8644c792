/**
 * Two versions of a record side by side, field by field, with a choice per
 * field: keep mine or take theirs (a conflict), or keep this one's or take the
 * other's (a merge: `sides` names them). Each choice is a radio whose label is
 * the whole cell, so the value itself is the click target. On a phone each
 * field's two choices stack under its name (three columns do not fit 390 px).
 */
import { useId } from 'react'
import { cx } from './cx'

export type DiffChoice = 'mine' | 'theirs'

export interface DiffRow {
  field: string
  label: string
  /** Display text of each version; null shows as "Empty". `base` (what it was) only where there is one. */
  base?: string | null
  mine: string | null
  theirs: string | null
}

interface DiffTableProps {
  caption: string
  rows: readonly DiffRow[]
  choices: Readonly<Record<string, DiffChoice>>
  disabled?: boolean
  onChoose: (field: string, choice: DiffChoice) => void
  /** Each side's column heading and choice word: a conflict's unless told. */
  sides?: Record<DiffChoice, { heading: string; action: string }>
}

const CONFLICT_SIDES = {
  mine: { heading: 'Yours', action: 'Keep mine' },
  theirs: { heading: 'On the server', action: 'Take theirs' },
}

const Value = ({ text, muted }: { text: string | null; muted?: boolean }) =>
  text === null ? (
    <span className="text-slate-500 italic">Empty</span>
  ) : (
    <span className={cx('wrap-anywhere whitespace-pre-line', muted ? 'text-slate-600' : 'text-slate-900')}>
      {text}
    </span>
  )

export function DiffTable({
  caption,
  rows,
  choices,
  disabled,
  onChoose,
  sides = CONFLICT_SIDES,
}: DiffTableProps) {
  const group = useId()
  const cell = (row: DiffRow, side: DiffChoice) => {
    const chosen = (choices[row.field] ?? 'mine') === side
    const { action } = sides[side]
    const value = side === 'mine' ? row.mine : row.theirs
    return (
      <td className="p-1.5 align-top max-sm:block max-sm:px-2">
        <label
          className={cx(
            'flex cursor-pointer items-start gap-2 rounded-md p-2 ring-1 transition-colors',
            chosen ? 'bg-brand-light/40 ring-brand' : 'ring-transparent hover:bg-slate-50',
            disabled && 'cursor-not-allowed opacity-60',
          )}
        >
          <input
            type="radio"
            name={`${group}-${row.field}`}
            checked={chosen}
            disabled={disabled}
            onChange={() => onChoose(row.field, side)}
            // The cell's words, spelled out: which field, which side, which value.
            aria-label={`${action} for ${row.label}: ${value ?? 'Empty'}`}
            className="mt-0.5 accent-brand"
          />
          <span className="min-w-0 space-y-0.5">
            <span className="block text-[11px] font-medium tracking-wide text-slate-500 uppercase">
              {action}
            </span>
            <span className="block text-sm">
              <Value text={value} />
            </span>
          </span>
        </label>
      </td>
    )
  }
  return (
    <table className="w-full border-collapse text-left text-sm max-sm:block">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 max-sm:hidden text-xs font-medium tracking-wide text-slate-500 uppercase">
        <tr>
          <th scope="col" className="px-3 py-2">
            Field
          </th>
          <th scope="col" className="px-3 py-2">
            {sides.mine.heading}
          </th>
          <th scope="col" className="px-3 py-2">
            {sides.theirs.heading}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 max-sm:block">
        {rows.map((row) => (
          <tr key={row.field} className="max-sm:block max-sm:py-2">
            <th
              scope="row"
              className="w-1/4 px-3 py-3 align-top font-medium text-slate-800 max-sm:block max-sm:w-full max-sm:px-3.5 max-sm:pb-1"
            >
              {row.label}
              {row.base !== undefined && (
                <span className="mt-0.5 block text-xs font-normal text-slate-500">
                  was <Value text={row.base} muted />
                </span>
              )}
            </th>
            {cell(row, 'mine')}
            {cell(row, 'theirs')}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
