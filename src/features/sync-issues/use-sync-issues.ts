/** The sync-issues page's data, live: every change needing a decision with its record's local copy, and the notices. */
import { useLiveQuery } from 'dexie-react-hooks'
import { useRuntime } from '../../app/runtime-context'
import type { OutboxOp, SyncNotice } from '../../db/outbox-types'
import { type MirrorRow, mirrorOf } from '../../db/tables'
import { syncIssues } from '../../sync/resolve'

export interface ChangeIssue {
  op: OutboxOp
  /** The record as this device has it; undefined when it is gone here (a deletion, a discarded create). */
  row: MirrorRow | undefined
}

export interface SyncIssues {
  changes: ChangeIssue[]
  notices: SyncNotice[]
}

/** Undefined while the first read is under way. */
export function useSyncIssues(): SyncIssues | undefined {
  const { db } = useRuntime()
  return useLiveQuery(async () => {
    const { changes, notices } = await syncIssues(db)
    const rows = await Promise.all(
      // An upload's recordId names the image, not a record.
      changes.map(({ op }) =>
        op.kind === 'upload' ? undefined : mirrorOf(db, op.collection).get(op.recordId),
      ),
    )
    return { changes: changes.map(({ op }, index) => ({ op, row: rows[index] })), notices }
  }, [db])
}
