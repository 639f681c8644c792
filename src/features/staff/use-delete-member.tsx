/**
 * The product's delete question for a member of staff: 'Delete {name}?' →
 * 'Deleted!' or 'Cancelled'. The delete happens on the server at once, so a
 * refusal (offline, or oneself) is shown in the server's words.
 */
import { useState } from 'react'
import { toast } from 'sonner'
import { failureText } from '../../sync/user-calls'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { useRuntime } from '../records/runtime-context'

interface Target {
  id: string
  name: string
}

export function useDeleteMember(onDeleted: () => void) {
  const { users } = useRuntime()
  const [target, setTarget] = useState<Target | null>(null)

  const confirm = async (current: Target) => {
    setTarget(null)
    try {
      await users.remove(current.id)
      toast.success('Deleted!', { description: `${current.name} has been deleted.` })
      onDeleted()
    } catch (error) {
      toast.error(failureText(error))
    }
  }

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={`Delete ${target?.name ?? ''}?`}
      description="You will not be able to recover this user!"
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

export const memberName = (member: { firstName: string; lastName: string; email: string }) =>
  [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email
