/**
 * Above a form that brought back unsaved typing (use-draft.ts): says from when, names the fields
 * someone changed on the record since (the typing would replace their change), and offers to
 * discard the typing instead.
 */
import { button } from '../../ui/styles'
import { timeFormat } from '../../ui/time-format'
import type { RestoredDraft } from './use-draft'

interface DraftNoticeProps {
  restored: RestoredDraft | null
  /** Each field's label, by name. */
  labelOf: (field: string) => string
  onDiscard: () => void
}

export function DraftNotice({ restored, labelOf, onDiscard }: DraftNoticeProps) {
  if (!restored) return null
  const changed = restored.changedSince.map(labelOf)
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900"
    >
      <p className="min-w-0 flex-1">
        Your unsaved changes from {timeFormat.format(restored.savedAt)} are back.
        {changed.length > 0 &&
          ` Someone has changed ${changed.join(', ')} since: saving puts your version in place of theirs.`}
      </p>
      <button type="button" className={button.secondary} onClick={onDiscard}>
        Discard my changes
      </button>
    </div>
  )
}
