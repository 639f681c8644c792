/**
 * A record someone else deleted while this device still had changes for it
 * (docs/sync.md, HTTP 410): which one, and the values that were lost. 'Add it
 * again' makes it anew as this device had it, the lost changes in it (an
 * Admin may instead restore the original from the Trash, with its history).
 */
import { useNavigate } from '@tanstack/react-router'
import { useId } from 'react'
import { toast } from 'sonner'
import { useRuntime } from '../../app/runtime-context'
import type { SyncNotice } from '../../db/outbox-types'
import { type CollectionName, mirrored } from '../../domain/collections'
import { formatValue } from '../../ui/format-value'
import { button, card } from '../../ui/styles'
import { reportSaveError } from '../records/save-errors'
import { screens } from '../records/screens'
import { fieldLabel } from './field-labels'
import { IssueHeading } from './issue-heading'
import { collectionTitle } from './issue-text'

export function DeletedNotice({ notice }: { notice: SyncNotice }) {
  const { mutate } = useRuntime()
  const navigate = useNavigate()
  const headingId = useId()
  const { label } = mirrored[notice.collection]
  const name = notice.name || `A ${label}`
  const lost = Object.entries(notice.lost)
  const dismiss = () => mutate.dismissNotice(notice.id as number).catch(reportSaveError)
  const screen = notice.collection in screens ? screens[notice.collection as CollectionName] : undefined
  // A new record from the deleted one as this device had it, the lost changes in it.
  const addAgain = async () => {
    if (!screen || !notice.record) return
    try {
      const added = await mutate.add(screen.collection, notice.record)
      if (!added.ok) {
        toast.error('Not added', { description: added.errors.map((error) => error.message).join(' ') })
        return
      }
      await mutate.dismissNotice(notice.id as number)
      toast.success('Added again', { description: `${name} is a new ${label}, with your changes.` })
      void navigate({ to: screen.paths.edit, params: { id: added.id } })
    } catch (error) {
      reportSaveError(error)
    }
  }
  return (
    <article aria-labelledby={headingId} className={`${card} space-y-3 p-4`}>
      <IssueHeading
        id={headingId}
        kicker={`${collectionTitle(notice.collection)} · Deleted on the server`}
        at={notice.createdAt}
        action={
          <div className="flex flex-wrap gap-2">
            {screen && notice.record && (
              <button
                type="button"
                className={button.secondary}
                aria-describedby={headingId}
                onClick={() => void addAgain()}
              >
                Add it again
              </button>
            )}
            <button type="button" className={button.secondary} aria-describedby={headingId} onClick={dismiss}>
              Dismiss
            </button>
          </div>
        }
      >
        {name} was deleted by someone else
      </IssueHeading>
      {lost.length === 0 ? (
        <p className="text-[13px] text-slate-500">None of your changes to it were lost.</p>
      ) : (
        <div className="space-y-2">
          <p className="text-[13px] text-slate-600">Your changes that did not reach the server:</p>
          <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 text-sm">
            {lost.map(([field, value]) => (
              <div key={field} className="contents">
                <dt className="text-slate-500">{fieldLabel(notice.collection, field)}</dt>
                <dd className="break-words text-slate-900">
                  {formatValue(value) ?? <span className="text-slate-500 italic">Empty</span>}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </article>
  )
}
