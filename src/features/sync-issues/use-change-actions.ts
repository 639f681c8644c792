/**
 * The decisions a user can make about one change the server did not take,
 * each followed by a toast. Anything put back in the queue nudges the sync,
 * so it goes out now rather than at the next timer.
 */
import { useState } from 'react'
import { toast } from 'sonner'
import { useRuntime } from '../../app/runtime-context'
import type { OutboxOp } from '../../db/outbox-types'
import type { Choice } from '../../sync/resolve'
import { reportSaveError } from '../records/save-errors'
import { resolvedText } from './issue-text'

export function useChangeActions(op: OutboxOp) {
  const { mutate } = useRuntime()
  const [busy, setBusy] = useState(false)

  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    try {
      await work()
    } catch (error) {
      reportSaveError(error)
    } finally {
      setBusy(false)
    }
  }

  return {
    busy,
    resolve: (choices: Record<string, Choice>) =>
      run(async () => {
        await mutate.resolveConflict(op, choices)
        toast.success('Conflict resolved', { description: resolvedText(op, choices) })
      }),
    retry: () =>
      run(async () => {
        await mutate.retry(op)
        toast.info('Your change will be sent again.')
      }),
    discard: () =>
      run(async () => {
        await mutate.discard(op)
        toast.success('Change discarded', {
          description:
            op.kind === 'create'
              ? 'It has been removed from this device.'
              : "The server's version is shown again.",
        })
      }),
  }
}
