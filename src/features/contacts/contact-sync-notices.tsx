/**
 * What the edit screen says about this record's unsent work: a one-line state,
 * and a danger banner when the server refused the change or it conflicts
 * with someone else's (resolving conflicts comes with the sync-issues view).
 */

import type { OutboxOp } from '../../db/outbox-types'
import { savingErrorText } from '../../domain/errors'
import { Banner } from '../../ui/banner'
import { cx } from '../../ui/cx'
import { type RecordSyncState, syncStateOf } from '../records/record-hooks'

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

export function SyncProblems({ ops }: { ops: OutboxOp[] }) {
  const failed = ops.find((op) => op.status === 'failed')
  const conflict = ops.find((op) => op.status === 'conflict')
  return (
    <>
      {failed && (
        <Banner tone="danger" title={savingErrorText(failed.lastError?.body)}>
          The server did not accept this change. It is kept on this device; the fields it refused are marked
          below.
        </Banner>
      )}
      {conflict && (
        <Banner tone="danger" title="This contact was changed by someone else at the same time.">
          Your version is kept on this device and has not been saved to the server.
          {conflict.lastError?.body && ` ${savingErrorText(conflict.lastError.body)}`}
        </Banner>
      )}
    </>
  )
}

/** The server's field messages of a refused change, for the fields of the form. */
export function serverFieldErrors(ops: OutboxOp[]) {
  return ops.find((op) => op.status === 'failed')?.lastError?.body?.errors?.[0]?.data
}
