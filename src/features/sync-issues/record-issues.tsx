/** An edit screen's part of the sync issues: what its record's refused or conflicting change needs from the user. */
import type { OutboxOp } from '../../db/outbox-types'
import { ConflictPanel } from './conflict-panel'
import { RefusedChange } from './refused-change'

/** `fieldsOnScreen`: the screen shows the record's form, which marks the refused fields itself. */
export function RecordIssues({ ops, fieldsOnScreen = true }: { ops: OutboxOp[]; fieldsOnScreen?: boolean }) {
  const failed = ops.find((op) => op.status === 'failed')
  const conflict = ops.find((op) => op.status === 'conflict')
  return (
    <>
      {failed && <RefusedChange key={failed.opId} op={failed} fieldsOnScreen={fieldsOnScreen} />}
      {conflict && <ConflictPanel key={conflict.opId} op={conflict} />}
    </>
  )
}
