/**
 * "This may be a contact you already have": the records a form's values match (use-duplicates.ts),
 * each with how it matches and 'Open it' (and for an Admin editing a record, 'Merge' it into this
 * one), and 'Save anyway'. A save that meets a match waits for
 * 'Save anyway'; the notice then says so, as an alert.
 */
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useRuntime } from '../../app/runtime-context'
import { collections } from '../../domain/collections'
import { button } from '../../ui/styles'
import type { EntityScreen } from './screens'
import { type DuplicateCheck, useMatches } from './use-duplicates'

export function DuplicateNotice({
  screen,
  check,
  busy,
  onSaveAnyway,
  recordId,
}: {
  screen: EntityScreen
  check: DuplicateCheck
  busy: boolean
  onSaveAnyway: () => void
  /** The record being edited: an Admin may merge a match into it. */
  recordId?: string
}) {
  const box = useRef<HTMLDivElement>(null)
  const { user } = useRuntime()
  const canMerge = recordId !== undefined && user.role === 'Admin'
  const matches = useMatches(check)
  const { asked } = check
  // A save met a match: take the person to the question.
  useEffect(() => {
    if (asked) box.current?.focus()
  }, [asked])
  // A record that already was like these: only an Admin, who can merge them, is shown them.
  if (matches.length === 0 || (!check.blocking && !canMerge)) return null
  const { label, displayName } = collections[screen.collection]
  return (
    <div
      ref={box}
      tabIndex={-1}
      role={asked ? 'alert' : 'status'}
      className="space-y-2 rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 outline-none"
    >
      <p className="font-medium">
        {check.blocking ? `This may be a ${label} you already have:` : `This may be the same ${label} as:`}
      </p>
      <ul className="space-y-1">
        {matches.map(({ row, said }) => {
          const name = displayName(row) || `A ${label}`
          return (
            <li key={row.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="wrap-anywhere">
                {name} <span className="text-amber-800">({said})</span>
              </span>
              <Link
                to={screen.paths.edit}
                params={{ id: row.id }}
                // The visible words first (voice control users say what they see), then which record.
                aria-label={`Open it: ${name}`}
                className="font-medium underline underline-offset-2 pointer-coarse:py-3"
              >
                Open it
              </Link>
              {canMerge && (
                <Link
                  to={screen.paths.merge}
                  params={{ id: recordId }}
                  search={{ with: row.id }}
                  aria-label={`Merge ${name} into this ${label}`}
                  className="font-medium underline underline-offset-2 pointer-coarse:py-3"
                >
                  Merge
                </Link>
              )}
            </li>
          )
        })}
      </ul>
      {asked && <p>Open it to use the one you have, or save anyway.</p>}
      {check.blocking && (
        <button type="button" className={button.secondary} disabled={busy} onClick={onSaveAnyway}>
          Save anyway
        </button>
      )}
    </div>
  )
}
