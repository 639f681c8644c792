/**
 * What someone else changed on the record open here: a quiet line above the form ("Grace Hopper
 * changed Title and Phone just now."), and under a field being typed whose value they changed
 * meanwhile, their value beside the typing, which is kept, with 'Use theirs'.
 */
import { type CollectionName, collections } from '../../domain/collections'
import { button } from '../../ui/styles'
import { labelOf, listed, shown } from './history-lines'

/** Until the history read after the change names who made it. */
const SOMEONE = 'Someone'

export function RecordChangedNote({
  collection,
  fields,
  by,
  onDismiss,
}: {
  collection: CollectionName
  fields: string[]
  by: string | undefined
  onDismiss: () => void
}) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-900"
    >
      <p className="wrap-anywhere">
        {by ?? SOMEONE} changed {listed(fields.map((field) => labelOf(collection, field)))} just now.
      </p>
      <button type="button" className={button.ghost} onClick={onDismiss}>
        OK
      </button>
    </div>
  )
}

export function TheirValueNote({
  collection,
  field,
  value,
  by,
  onUseTheirs,
}: {
  collection: CollectionName
  field: string
  value: unknown
  by: string | undefined
  onUseTheirs: () => void
}) {
  // A relation's value is an id: its name is in the field once theirs is taken.
  const related = collections[collection].fields?.[field]?.relation !== undefined
  const what = related ? '' : ` to ${shown(collection, field, value, () => undefined)}`
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-amber-800">
      <p className="wrap-anywhere">
        {by ?? SOMEONE} changed this{what} while you were typing. Saving keeps what you typed.
      </p>
      <button type="button" className={button.secondary} onClick={onUseTheirs}>
        Use theirs
      </button>
    </div>
  )
}
