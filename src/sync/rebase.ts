/**
 * How a server doc lands in the mirror. A record with changes still queued
 * keeps showing them: the row is the server doc with every queued patch laid
 * over it, in order (a Replicache-style rebase).
 */

import type { OutboxOp } from '../db/outbox-types'
import type { MirrorRow } from '../db/tables'

export function withPending(doc: MirrorRow, ops: OutboxOp[]): MirrorRow | undefined {
  let row: MirrorRow | undefined = doc
  for (const op of ops) {
    if (op.kind === 'delete') row = undefined
    else if (row) row = { ...row, ...op.patch }
  }
  return row
}
