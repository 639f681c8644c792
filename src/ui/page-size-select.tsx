/** The per-page select of the list screens (5, 10, 25, 50). */
import { useId } from 'react'
import { PAGE_SIZE_OPTIONS } from '../domain/paging'
import { cx } from './cx'
import { input } from './styles'

export function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  const id = useId()
  return (
    <div className="flex items-center gap-2 text-sm text-slate-600">
      <label htmlFor={id}>Show</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className={cx(input, 'w-20 pr-7')}
      >
        {PAGE_SIZE_OPTIONS.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      <span aria-hidden="true">entries</span>
    </div>
  )
}
