/**
 * How a server doc lands in the mirror. A record with changes still queued
 * keeps showing them: the row is the server doc with every queued patch laid
 * over it, in order (a Replicache-style rebase).
 *
 * Except a queued create's: a doc from the server means the create landed
 * (only its answer was lost), and the doc is that create plus whatever others
 * changed since. Laying the create's values over it would show the record as
 * first made, under the server's newer version, and an edit made on that view
 * would send those stale values as its base with a current If-Match: the
 * server would take it and silently undo a colleague's change.
 */

import type { OutboxOp } from '../db/outbox-types'
import type { MirrorRow } from '../db/tables'

export function withPending(doc: MirrorRow, ops: OutboxOp[]): MirrorRow | undefined {
  let row: MirrorRow | undefined = doc
  for (const op of ops) {
    if (op.kind === 'delete') row = undefined
    else if (op.kind === 'create') continue
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
