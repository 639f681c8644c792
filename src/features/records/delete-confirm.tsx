/**
 * The delete question of the product and its two outcomes, for any record:
 * 'Delete {name}?' → 'Deleted!' or 'Cancelled' bottom right. The screen passes
 * the record's name, its kind ('contact') and the local delete.
 */
import { useState } from 'react'
import { toast } from 'sonner'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { reportSaveError } from './save-errors'

export interface DeleteTarget {
  name: string
  remove: () => Promise<void>
}

/**
 * Returns `ask(target)` to open the question, and the dialog to render. A delete that fails is reported
 * by `onFailure`: by default the product's 'Oops, something went wrong!', or the out-of-storage notice.
 */
export function useDeleteConfirm(label: string, onFailure: (error: unknown) => void = reportSaveError) {
  const [target, setTarget] = useState<DeleteTarget | null>(null)

  const confirm = async (current: DeleteTarget) => {
    setTarget(null)
    try {
      await current.remove()
      toast.success('Deleted!', { description: `${current.name} has been deleted.` })
    } catch (error) {
      onFailure(error)
    }
  }

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={`Delete ${target?.name ?? ''}?`}
      description={`You will not be able to recover this ${label}!`}
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
