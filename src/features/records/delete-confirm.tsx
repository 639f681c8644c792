/**
 * The delete question of the product and its two outcomes, for any record:
 * 'Delete {name}?' → 'Deleted!' or 'Cancelled' bottom right. The screen passes
 * the record's name, its kind ('contact') and the local delete. A delete that
 * answers its undo gets 'Undo' in the notice while the delete waits on the
 * device (mutators.ts, UNDO_MS); once the delete has reached the server, an
 * Admin's 'Undo' restores the record from the Trash.
 */
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { failureText } from '../../sync/online-call'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { reportSaveError } from './save-errors'
import { undoNotice } from './undo-notice'

/** Puts a deleted record back; false when it is too late (the delete reached the server). */
export type Undo = () => Promise<boolean>

export interface DeleteTarget {
  name: string
  /** The delete; a local one answers its undo (true: undone; false: too late), a server's nothing. */
  remove: () => Promise<Undo | null>
  /** What else the delete changes (the contacts a company's delete leaves without one), once known. */
  consequence?: () => Promise<string | null>
  /** For an Admin: the restore from the Trash that undoes a delete which has already reached the server. */
  restore?: () => Promise<void>
}

/**
 * After 'Undo': the record is back; or its delete has reached the server, and an Admin restores it from
 * the Trash.
 */
async function undone({ name, restore }: DeleteTarget, back: boolean) {
  if (back) {
    toast.success('Restored', { description: `${name} is back.` })
    return
  }
  if (!restore) {
    toast.error('Too late to undo', {
      description: `The delete of ${name} has reached the server. An Admin can restore it from the Trash.`,
    })
    return
  }
  try {
    await restore()
    toast.success('Restored', { description: `${name} is back.` })
  } catch (error) {
    toast.error('Too late to undo', { description: failureText(error) })
  }
}

/**
 * Returns `ask(target)` to open the question, and the dialog to render. A delete that fails is reported
 * by `onFailure`: by default the product's 'Oops, something went wrong!', or the out-of-storage notice.
 */
export function useDeleteConfirm(label: string, onFailure: (error: unknown) => void = reportSaveError) {
  const [target, setTarget] = useState<DeleteTarget | null>(null)
  // Said of the target it was worked out for: a question asked again never shows the last one's.
  const [consequence, setConsequence] = useState<{ of: DeleteTarget; text: string } | null>(null)
  useEffect(() => {
    if (!target?.consequence) return
    let asking = true
    target
      .consequence()
      .then((text) => asking && text && setConsequence({ of: target, text }))
      .catch(() => undefined)
    return () => {
      asking = false
    }
  }, [target])
  const more = consequence && consequence.of === target ? ` ${consequence.text}` : ''

  const confirm = async (current: DeleteTarget) => {
    setTarget(null)
    try {
      const undo = await current.remove()
      undoNotice(
        'Deleted!',
        `${current.name} has been deleted.`,
        undo ? { undo, undone: (back: boolean) => undone(current, back) } : undefined,
      )
    } catch (error) {
      onFailure(error)
    }
  }

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={`Delete ${target?.name ?? ''}?`}
      description={`You will not be able to recover this ${label}!${more}`}
      confirmLabel="Yes, delete!"
      cancelLabel="No, keep"
      onConfirm={() => target && void confirm(target)}
      onCancel={() => {
        if (target) toast('Cancelled', { description: `${target.name} is safe :)` })
        setTarget(null)
      }}
    />
  )
  return { ask: setTarget, dialog }
}
