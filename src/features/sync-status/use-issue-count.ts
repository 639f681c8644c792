/**
 * How many things need the user's decision (docs/sync.md): changes the server
 * refused or that conflict, plus records deleted by someone else that still
 * carry lost changes. Live, so every tab's chip and sidebar agree.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useRuntime } from '../../app/runtime-context'

export function useIssueCount(): number {
  const { db } = useRuntime()
  return (
    useLiveQuery(async () => {
      const [changes, notices] = await Promise.all([
        db.outbox.where('status').anyOf('failed', 'conflict').count(),
        db.notices.count(),
      ])
      return changes + notices
    }, [db]) ?? 0
  )
}

export const attentionText = (count: number) => `${count} ${count === 1 ? 'needs' : 'need'} attention`
