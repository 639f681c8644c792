/**
 * How a server doc lands in the mirror. A record with changes still queued
 * keeps showing them: the row is the server doc with every queued patch laid
 * over it, in order (a Replicache-style rebase).
 */

import type { OutpostDb } from '../db/database'
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

/**
 * A conflict compares against the server's latest copy, not the one its 412
 * brought: queued conflicts of a record take a newer doc the pull brings.
 * Call inside a transaction that includes the outbox.
 */
export async function freshenConflicts(db: OutpostDb, ops: OutboxOp[], doc: MirrorRow) {
  for (const op of ops)
    if (op.status === 'conflict' && ((op.serverDoc?.version as number | undefined) ?? 0) < doc.version)
      await db.outbox.update(op.seq as number, { serverDoc: doc })
}
