/**
 * What a list does with the rows it selects: a box for the page's rows, then, with rows selected,
 * how many, 'Select all' the records the search matches (every page), 'Clear selection', 'Edit
 * selected' (bulk-edit.tsx) and 'Delete selected'. The rows' own boxes are in their first cell (row-checkbox.tsx).
 */
import { Checkbox } from '../../ui/checkbox'
import { EditIcon, TrashIcon } from '../../ui/icons'
import { button } from '../../ui/styles'
import type { Selection } from './use-selection'

interface SelectionBarProps {
  selection: Selection
  /** The ids of the rows on the page shown. */
  pageIds: readonly string[]
  /** How many records the list's search matches, on every page. */
  total: number
  /** The records' word: 'contacts'. */
  plural: string
  onSelectAll: () => void
  /** 'Edit selected': none where the entity has no field to set for many (screens.ts `bulkFields`). */
  onEdit?: () => void
  onDelete: () => void
}

export function SelectionBar({
  selection,
  pageIds,
  total,
  plural,
  onSelectAll,
  onEdit,
  onDelete,
}: SelectionBarProps) {
  const { selected } = selection
  const onPage = pageIds.filter((id) => selected.has(id)).length
  const n = selected.size
  return (
    <div className="flex min-h-11 flex-wrap items-center gap-x-3 gap-y-2 border-t border-slate-100 px-4 py-2 text-sm sm:px-5">
      <span className="text-slate-600">
        <Checkbox
          checked={pageIds.length > 0 && onPage === pageIds.length}
          indeterminate={onPage > 0 && onPage < pageIds.length}
          disabled={pageIds.length === 0}
          onChange={(on) => selection.setMany(pageIds, on)}
        >
          Select this page
        </Checkbox>
      </span>
      {n > 0 && (
        <>
          <span role="status" className="font-medium text-slate-900">
            {n.toLocaleString('en')} selected
          </span>
          {n < total && (
            <button type="button" className={button.ghost} onClick={onSelectAll}>
              Select all {total.toLocaleString('en')} {plural}
            </button>
          )}
          <button type="button" className={button.ghost} onClick={selection.clear}>
            Clear selection
          </button>
          {onEdit && (
            <button type="button" className={button.secondary} onClick={onEdit}>
              <EditIcon />
              Edit selected
            </button>
          )}
          <button type="button" className={button.danger} onClick={onDelete}>
            <TrashIcon />
            Delete selected
          </button>
        </>
      )}
    </div>
  )
}
