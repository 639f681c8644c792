/**
 * Writes to many records of one collection at once (a list's selection): each as its single write in
 * record-writes.ts takes it, in ONE transaction, with the records that have nothing queued (most of a
 * selection) written and their ops queued in bulk writes, so 10,000 records are one pass, not 10,000
 * transactions.
 */
import type { MirroredName } from '../domain/collections'
import { jsonEqual } from './equal'
import { deleteStep, mergeableTail } from './merge-rules'
import { depsFor, queuedByRecord, referencesOf } from './op-deps'
import type { OutboxOp } from './outbox-types'
import {
  type Deleted,
  deleteQueue,
  editStep,
  queueOf,
  queueThenRows,
  undoDelete,
  type WriteContext,
  writeTables,
} from './record-writes'
import { type MirrorRow, mirrorOf } from './tables'

/** A record a bulk edit changed, and its changed fields' values before it (for its undo). */
export interface Edited {
  id: string
  before: Record<string, unknown>
}

const picked = (values: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, values[name]]))

/**
 * Applies many edits to one collection in one transaction, leaving the rows and the queue as
 * `updateRecord` on each would; answers the records that changed, with their fields' values before
 * (`Edited`). Reads and writes are in bulk: a record with nothing queued (most of a selection) gets
 * an op of its own, one whose tail takes the edit has it merged (`editMerge`). Only a refused tail,
 * which goes back to the queue under a new id, is written alone. A record the device no longer holds
 * (deleted meanwhile) is left out: there is nothing to edit.
 */
export async function updateRecords(
  ctx: WriteContext,
  collection: MirroredName,
  edits: readonly { id: string; values: Record<string, unknown> }[],
): Promise<Edited[]> {
  const { db } = ctx
  // A record named twice takes its last edit.
  const valuesOf = new Map(edits.map(({ id, values }) => [id, values]))
  const ids = [...valuesOf.keys()]
  return db.transaction('rw', writeTables(db), async () => {
    const rows = await mirrorOf(db, collection).bulkGet(ids)
    return editRows(
      ctx,
      collection,
      ids.flatMap((id, i) => {
        const current = rows[i]
        return current ? [{ current, values: valuesOf.get(id) ?? {} }] : []
      }),
    )
  })
}

/**
 * `updateRecords` on rows its caller has already read (each record once), inside the caller's
 * transaction over `writeTables`: `undoEdits` reads a selection's rows to see which still hold the
 * value set, and reading them all again for the edit would double that read.
 */
async function editRows(
  ctx: WriteContext,
  collection: MirroredName,
  edits: readonly { current: MirrorRow; values: Record<string, unknown> }[],
): Promise<Edited[]> {
  const { db } = ctx
  const editedAt = new Date((ctx.now ?? Date.now)()).toISOString()
  const queued = await queuedByRecord(
    db,
    collection,
    edits.map(({ current }) => current.id),
  )
  const changes = edits.flatMap(({ current, values }) => {
    const changed = Object.keys(values).filter((field) => !jsonEqual(current[field], values[field]))
    if (changed.length === 0) return []
    return [{ current, patch: picked(values, changed), base: picked(current, changed) }]
  })
  // What an edit waits for is looked up only where it points at a record (a company), once per patch.
  // Awaiting nothing but Dexie's own requests: thousands of awaits of plain promises inside a
  // transaction let IndexedDB commit it under Dexie's feet (PrematureCommitError).
  const depsOf = new Map<string, string[]>()
  for (const { patch } of changes) {
    const key = JSON.stringify(patch)
    if (!depsOf.has(key) && referencesOf(collection, patch).length > 0)
      depsOf.set(key, await depsFor(db, collection, patch))
  }
  const steps = changes.map(({ current, patch, base }) => {
    const deps = depsOf.get(JSON.stringify(patch)) ?? []
    const tail = mergeableTail(queued.get(current.id) ?? [])
    return editStep(ctx, collection, current, { patch, base, deps }, tail, editedAt)
  })
  await queueThenRows(db, collection, queueOf(steps), { put: steps.map((step) => step.row) })
  return changes.map(({ current, base }) => ({ id: current.id, before: base }))
}

/**
 * Puts back what a bulk edit (`updateRecords`) changed, for each record still holding the values
 * `set` gave it: a record edited since keeps its newer value. Answers how many were put back.
 */
export async function undoEdits(
  ctx: WriteContext,
  collection: MirroredName,
  edited: readonly Edited[],
  set: Record<string, unknown>,
) {
  return ctx.db.transaction('rw', writeTables(ctx.db), async () => {
    const rows = await mirrorOf(ctx.db, collection).bulkGet(edited.map(({ id }) => id))
    // As `updateRecords` takes them: a record named twice once, with its last values.
    const still = new Map<string, { current: MirrorRow; values: Record<string, unknown> }>()
    for (const [i, { id, before }] of edited.entries()) {
      const current = rows[i]
      if (current && Object.keys(before).every((field) => jsonEqual(current[field], set[field])))
        still.set(id, { current, values: before })
    }
    const undone = await editRows(ctx, collection, [...still.values()])
    return undone.length
  })
}

/**
 * Deletes many records of one collection locally, in one transaction, as `deleteRecord` deletes each:
 * the answers in the order of `ids` (each once), for `undoDeletes`. A record with nothing queued (most of a list
 * selected at once) is deleted and its delete queued in bulk writes; one with queued changes goes the
 * way `deleteRecord` takes it, its queue merged, within the same transaction.
 */
export async function deleteRecords(
  ctx: WriteContext,
  collection: MirroredName,
  ids: readonly string[],
  { holdMs = 0 }: { holdMs?: number } = {},
): Promise<Deleted[]> {
  const { db } = ctx
  const table = mirrorOf(db, collection)
  const nextAttemptAt = holdMs > 0 ? (ctx.now ?? Date.now)() + holdMs : 0
  // A record named twice is deleted once.
  const unique = [...new Set(ids)]
  return db.transaction('rw', writeTables(db), async () => {
    const rows = await table.bulkGet(unique)
    const queued = await queuedByRecord(db, collection, unique)
    const dropped: number[] = []
    const merged: (readonly [OutboxOp, Partial<OutboxOp>])[] = []
    const added: OutboxOp[] = []
    const answers = unique.map((id, i): Deleted => {
      const ops = queued.get(id) ?? []
      const row = rows[i]
      const step = deleteStep(ops, row, collection, nextAttemptAt)
      const queue = deleteQueue(ctx, collection, id, ops, step)
      dropped.push(...(queue.drop ?? []))
      merged.push(...(queue.merge ?? []))
      added.push(...(queue.add ?? []))
      return { collection, id, row, ops: structuredClone(ops), queued: !step.drop }
    })
    await queueThenRows(db, collection, { drop: dropped, merge: merged, add: added }, { delete: unique })
    return answers
  })
}

/** Puts back, in one transaction, each of many deleted records that `undoDelete` can: answers how many. */
export async function undoDeletes(ctx: WriteContext, deleted: readonly Deleted[]) {
  return ctx.db.transaction('rw', writeTables(ctx.db), async () => {
    let undone = 0
    for (const each of deleted) if (await undoDelete(ctx, each)) undone++
    return undone
  })
}
