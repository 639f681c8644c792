/** A row's box in a list that selects rows (use-selection.ts), named after its record. */
import { Checkbox } from '../../ui/checkbox'
import { useRowSelection } from './use-selection'

export function RowCheckbox({ id, name }: { id: string; name: string }) {
  const selection = useRowSelection()
  if (!selection) return null
  return (
    <Checkbox
      ariaLabel={`Select ${name}`}
      checked={selection.selected.has(id)}
      onChange={() => selection.toggle(id)}
    />
  )
}
