/**
 * What an edit screen says about its record's unsent work: a one-line state,
 * and the server's field messages for the form. The danger notices and their
 * choices are the sync-issues feature's RecordIssues.
 */
import type { OutboxOp } from '../../db/outbox-types'
import { cx } from '../../ui/cx'
import { type RecordSyncState, syncStateOf } from './record-hooks'

const lines: Record<RecordSyncState, { text: string; dot: string }> = {
  synced: { text: 'All changes synced', dot: 'bg-emerald-500' },
  pending: { text: 'Changes not synced yet', dot: 'bg-amber-500' },
  failed: { text: 'Changes not saved on the server', dot: 'bg-red-500' },
  conflict: { text: 'Changes conflict with the server', dot: 'bg-red-500' },
}

export function SyncStateLine({ ops }: { ops: OutboxOp[] }) {
  const line = lines[syncStateOf(ops)]
  return (
    <p role="status" className="flex items-center gap-2 text-[13px] text-slate-500">
      <span aria-hidden="true" className={cx('size-2 rounded-full', line.dot)} />
      {line.text}
    </p>
  )
}

/** The server's field messages of a refused change, for the fields of the form. */
export function serverFieldErrors(ops: OutboxOp[]) {
  return ops.find((op) => op.status === 'failed')?.lastError?.body?.errors?.[0]?.data
}
