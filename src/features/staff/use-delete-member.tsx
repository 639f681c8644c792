/**
 * The product's delete question for a member of staff: 'Delete {name}?' →
 * 'Deleted!' or 'Cancelled'. The delete happens on the server at once, so a
 * refusal (offline, or oneself) is shown in the server's words.
 */
import { toast } from 'sonner'
import { useRuntime } from '../../app/runtime-context'
import { failureText } from '../../sync/online-call'
import { useDeleteConfirm } from '../records/delete-confirm'

export function useDeleteMember(onDeleted: () => void) {
  const { users } = useRuntime()
  const { ask, dialog } = useDeleteConfirm('user', (error) => toast.error(failureText(error)))
  return {
    ask: (member: { id: string; name: string }) =>
      ask({
        name: member.name,
        remove: async () => {
          await users.remove(member.id)
          onDeleted()
          // Deleted on the server at once: nothing to undo.
          return null
        },
      }),
    dialog,
  }
}

export const memberName = (member: { firstName: string; lastName: string; email: string }) =>
  [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email
