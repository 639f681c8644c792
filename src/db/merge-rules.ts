/**
 * The merge table (docs/sync.md) as pure rules: which op of a record's queue a new change may merge
 * into, what an edit or a delete does to it, and the times a row keeps while an update waits. They
 * read nothing and write nothing; record-writes.ts and bulk-writes.ts apply what they answer, one
 * record or a selection at a time.
 */
import { type MirroredName, mirrored } from '../domain/collections'
import { jsonEqual } from './equal'
import { mergeDeps } from './op-deps'
import type { OutboxOp } from './outbox-types'
import type { MirrorRow } from './tables'

/** Queued and never sent: it may still change, or go, without the server knowing. */
export const unsent = (op: OutboxOp) => op.status === 'pending' && op.attempts === 0

/** The op a new change may merge into, of a record's queue (oldest first): its tail, if never sent or refused. */
export function mergeableTail(ops: readonly OutboxOp[]) {
  const tail = ops.at(-1)
  if (tail && unsent(tail)) return tail
  return tail?.status === 'failed' ? tail : undefined
}

/**
 * How an edit (`patch`, over the server's `base`) joins a record's queue: the changes to its mergeable
 * tail, or undefined when it needs an op of its own (docs/sync.md, the merge table).
 */
export function editMerge(
  tail: OutboxOp | undefined,
  { patch, base, deps }: { patch: Record<string, unknown>; base: Record<string, unknown>; deps: string[] },
): Partial<OutboxOp> | undefined {
  if (tail?.kind === 'create') return { patch: { ...tail.patch, ...patch }, deps: mergeDeps(tail.deps, deps) }
  if (tail?.kind === 'update') {
    const merged = { ...tail.patch, ...patch }
    // The first edit's base wins: it is what the server last had.
    const firstBase = { ...base, ...tail.base }
    // A field put back to what the server has is no change to send (an undo over an unsent edit). A
    // refused tail keeps every field: the server may hold another value since, and the user's is sent.
    const still = Object.keys(merged).filter(
      (field) => tail.status === 'failed' || !jsonEqual(merged[field], firstBase[field]),
    )
    return {
      patch: Object.fromEntries(still.map((field) => [field, merged[field]])),
      base: Object.fromEntries(still.map((field) => [field, firstBase[field]])),
      deps: mergeDeps(tail.deps, deps),
    }
  }
  return undefined
}

/**
 * An update merged down to no change at all (every field back to what the server has) leaves the
 * queue: sent, it would write each value over itself, and a selection's edit and undo made offline
 * sent as many of them as it had records. Nothing waits for an update (only for creates and uploads).
 */
export const leavesNothing = (tail: OutboxOp, merge: Partial<OutboxOp>) =>
  tail.kind === 'update' && tail.status === 'pending' && Object.keys(merge.patch ?? {}).length === 0

/**
 * The row times (`OutboxOp.rowTimes`) an edit at `editedAt` leaves on its record's update, over `tail`,
 * the update it merges into (if any). A row whose time is no longer the one the tail set has had the
 * server's copy laid under the edit since: that copy's time is what the row goes back to.
 */
export function rowTimesAfter(tail: OutboxOp | undefined, row: MirrorRow, editedAt: string) {
  const times = tail?.kind === 'update' ? tail.rowTimes : undefined
  const before = times && row.updatedAt === times.set ? times.before : (row.updatedAt as string)
  return { before, set: editedAt }
}

/** A record's own fields (not its id, version or times), as a delete or a lost record's notice keeps them. */
export function fieldsOf(collection: MirroredName, row: MirrorRow | undefined): Record<string, unknown> {
  if (!row) return {}
  const names = Object.keys(mirrored[collection].fields ?? {})
  return Object.fromEntries(names.filter((name) => name in row).map((name) => [name, row[name]]))
}

/**
 * How a delete joins a record's queue (oldest first; docs/sync.md, the merge table): `drop` the record's
 * whole queue (nothing of it is on the server), `merge` into its unsent edit, or `add` an op of its own;
 * none of them when a delete is queued already.
 */
export function deleteStep(
  ops: readonly OutboxOp[],
  current: MirrorRow | undefined,
  collection: MirroredName,
  nextAttemptAt: number,
): {
  drop?: true
  merge?: [OutboxOp, Partial<OutboxOp>]
  add?: Pick<OutboxOp, 'kind' | 'baseVersion' | 'before' | 'nextAttemptAt'>
} {
  // Nothing of it is on the server: its create was never sent, or was refused.
  const first = ops[0]
  if (first?.kind === 'create' && (first.status === 'failed' || ops.every(unsent))) return { drop: true }
  const tail = mergeableTail(ops)
  // Merged into a refused op, not held (requeueAs): undoDelete refuses it; a hold breaks the Admin's restore
  if (tail?.kind === 'update')
    return {
      merge: [
        tail,
        {
          kind: 'delete',
          patch: {},
          base: {},
          baseVersion: current?.version ?? tail.baseVersion,
          // The server's values as this device knew them: the unsent edit's fields at their base.
          before: { ...fieldsOf(collection, current), ...tail.base },
          nextAttemptAt,
        },
      ],
    }
  if (tail?.kind === 'delete') return {}
  return {
    add: {
      kind: 'delete',
      baseVersion: current?.version ?? null,
      before: fieldsOf(collection, current),
      nextAttemptAt,
    },
  }
}
