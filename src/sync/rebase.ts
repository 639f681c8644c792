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

/**
 * A conflict compares against the server's latest copy, not the one its 412
 * brought: the queued conflicts a newer doc from the server should replace.
 * Pure, so the callers' transactions await only Dexie's own writes (an async
 * helper awaited per row loses Dexie's transaction in Chromium).
 */
export const staleConflicts = (ops: OutboxOp[], doc: MirrorRow) =>
  ops.filter(
    (op) => op.status === 'conflict' && ((op.serverDoc?.version as number | undefined) ?? 0) < doc.version,
  )
