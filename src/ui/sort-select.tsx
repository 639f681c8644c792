/**
 * 'Sort by' for a list shown as cards (below 1024 px), which has no column headers to click:
 * each sortable column both ways, the list's own order first.
 */
import { useId } from 'react'
import { cx } from './cx'
import { input } from './styles'

export interface SortChoice {
  /** The column's header ('Last Name'). */
  header: string
  field: string
}

export function SortSelect({
  choices,
  value,
  ownField,
  onChange,
  className,
}: {
  choices: readonly SortChoice[]
  /** 'field', '-field', or '' for the list's own order (`ownField` ascending). */
  value: string
  ownField: string
  onChange: (sort: string) => void
  className?: string
}) {
  const id = useId()
  const options = choices.flatMap(({ header, field }) => [
    { value: field === ownField ? '' : field, label: `${header}, A to Z` },
    { value: `-${field}`, label: `${header}, Z to A` },
  ])
  // The list's own order leads.
  options.sort((a, b) => (a.value === '' ? -1 : b.value === '' ? 1 : 0))
  return (
    <div className={cx('flex items-center gap-2 text-sm text-slate-600', className)}>
      <label htmlFor={id} className="whitespace-nowrap">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cx(input, 'min-w-0 pr-7')}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
