/** A row's box in a list that selects rows (use-selection.ts): named after its record, 44 px to a finger. */
import { useRowSelection } from './use-selection'

export function RowCheckbox({ id, name }: { id: string; name: string }) {
  const selection = useRowSelection()
  if (!selection) return null
  return (
    <label className="inline-flex shrink-0 items-center pointer-coarse:-m-3 pointer-coarse:p-3.5">
      <input
        type="checkbox"
        aria-label={`Select ${name}`}
        checked={selection.selected.has(id)}
        onChange={() => selection.toggle(id)}
        className="size-4 accent-brand"
      />
    </label>
  )
}
