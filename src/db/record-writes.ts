/**
 * Every local change goes through here: the mirror row and its outbox op are
 * written in ONE Dexie transaction, so a crash never leaves an edit that is
 * shown but not queued, or queued but not shown. And should a transaction ever
 * land in part (Firefox kept part of one cut by a reload), every write queues
 * first and writes its rows after (`queueThenRows`), so what lands is safe.
 *
 * Coalescing (docs/sync.md) happens only into a `pending` op at the tail of the
 * record's queue, never into one in flight: update+update and create+update
 * merge; create+delete of a never-sent record cancels out; update+delete
 * becomes a delete. A `failed` op at the tail (refused by the server, so never
 * applied) also takes the user's correction, and goes back to the queue under
 * a new opId: the old one's idempotency key is bound to the refused body.
 */
import { type MirroredName, mirrored } from '../domain/collections'
import type { OutpostDb } from './database'
import { jsonEqual } from './equal'
import { deleteStep, editMerge, leavesNothing, mergeableTail, rowTimesAfter, unsent } from './merge-rules'
import { depsFor } from './op-deps'
import type { OutboxOp } from './outbox-types'
import { type MirrorRow, mirrorOf } from './tables'

/** The tables every local write touches: all mirrors (a write may look up another's queue) and the outbox. */
export const writeTables = (db: OutpostDb) => [
  ...(Object.keys(mirrored) as MirroredName[]).map((name) => mirrorOf(db, name)),
  db.outbox,
  db.images,
]

export interface WriteContext {
  db: OutpostDb
  userId: string
  now?: () => number
  newId?: () => string
}

const newUuid = () => crypto.randomUUID()

/** A fresh pending op for a record, before its kind and contents are filled in. */
export function baseOp(
  ctx: WriteContext,
  collection: MirroredName,
  recordId: string,
): Omit<OutboxOp, 'kind'> {
  const now = (ctx.now ?? Date.now)()
  return {
    opId: newUuid(),
    userId: ctx.userId,
    collection,
    recordId,
    patch: {},
    base: {},
    baseVersion: null,
    deps: [],
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: now,
  }
}

/** The ops still queued for a record, oldest first. */
export function opsFor(db: OutpostDb, collection: MirroredName, recordId: string) {
  return db.outbox.where('[collection+recordId]').equals([collection, recordId]).sortBy('seq')
}

async function tailPending(db: OutpostDb, collection: MirroredName, recordId: string) {
  return mergeableTail(await opsFor(db, collection, recordId))
}

/** What one edit does to its record's queue, and the row it leaves (`editStep`). */
export interface EditStep {
  drop?: number
  merge?: readonly [OutboxOp, Partial<OutboxOp>]
  add?: OutboxOp
  row: MirrorRow
}

/**
 * How an edit of `current` (its changed fields' `patch` over their `base`, made at `editedAt`) joins the
 * record's queue, of which `tail` is the mergeable tail: merged into it (`editMerge`), the tail dropped
 * when nothing is left to send, or an update of its own. The row takes the edit's time, except when
 * its update leaves the queue: it is then as the server has it, and takes back the time it had.
 */
export function editStep(
  ctx: WriteContext,
  collection: MirroredName,
  current: MirrorRow,
  change: { patch: Record<string, unknown>; base: Record<string, unknown>; deps: string[] },
  tail: OutboxOp | undefined,
  editedAt: string,
): EditStep {
  const { patch, base, deps } = change
  const merge = editMerge(tail, change)
  const rowTimes = rowTimesAfter(tail, current, editedAt)
  const row = { ...current, ...patch, updatedAt: editedAt }
  if (tail && merge && leavesNothing(tail, merge))
    return { drop: tail.seq as number, row: { ...row, updatedAt: rowTimes.before } }
  if (tail && merge) return { merge: [tail, tail.kind === 'update' ? { ...merge, rowTimes } : merge], row }
  const add: OutboxOp = {
    ...baseOp(ctx, collection, current.id),
    kind: 'update',
    patch,
    base,
    baseVersion: current.version,
    deps,
    rowTimes,
  }
  return { add, row }
}

/**
 * Put an op back in the queue under a new opId (the server remembers the old
 * one's answer) and point every op that waited for it at the new id, so they
 * keep waiting. Call inside a transaction that includes the outbox.
 */
export const requeueAs = (db: OutpostDb, op: OutboxOp, changes: Partial<OutboxOp>) =>
  requeueAll(db, [[op, changes]])

/**
 * `requeueAs` for many ops at once (a selection's edit over refused changes): the ops waiting for any
 * of them are found in one walk of the outbox, not one walk per op (1,000 refused ops in a queue of
 * 10,000 were 10 million reads).
 */
async function requeueAll(db: OutpostDb, requeued: readonly (readonly [OutboxOp, Partial<OutboxOp>])[]) {
  if (requeued.length === 0) return
  const renamed = new Map<string, string>()
  for (const [op, changes] of requeued) {
    const opId = newUuid()
    renamed.set(op.opId, opId)
    await db.outbox.update(op.seq as number, {
      ...changes,
      opId,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: undefined,
      serverDoc: undefined,
    })
  }
  await db.outbox
    .filter((other) => other.deps.some((dep) => renamed.has(dep)))
    .modify((other) => {
      other.deps = other.deps.map((dep) => renamed.get(dep) ?? dep)
    })
}

/**
 * What one write does to the queue: ops dropped (by seq), ops put back whole (an undo's), tails that
 * take a change (`merge`: a pending one just changes, a refused one goes back to the queue as new,
 * `requeueAs`), and ops added.
 */
export interface QueueWrite {
  drop?: readonly number[]
  put?: readonly OutboxOp[]
  merge?: readonly (readonly [OutboxOp, Partial<OutboxOp>])[]
  add?: readonly OutboxOp[]
}

/** What one write does to a collection's rows. */
export interface RowWrite {
  delete?: readonly string[]
  add?: readonly MirrorRow[]
  put?: readonly MirrorRow[]
}

/**
 * The one order of every local write (a record's, a selection's, an import's chunk): the queue first,
 * then the rows. Firefox was seen to keep part of a transaction cut by a reload (an import's rows
 * without their queued creates: 2,000 contacts never reached the server). Written in this order,
 * whatever part lands is safe: a change queued without its row still reaches the server, whose answer
 * (or the pull, or the import's next run) brings the row; a row written without its op would show a
 * change the server never gets, and the same edit again would find nothing to change. Call inside a
 * transaction over `writeTables`.
 */
export async function queueThenRows(
  db: OutpostDb,
  collection: MirroredName,
  queue: QueueWrite,
  rows: RowWrite,
) {
  const merge = queue.merge ?? []
  const refused = merge.filter(([tail]) => tail.status === 'failed')
  const put = [
    ...(queue.put ?? []),
    ...merge.filter(([tail]) => tail.status !== 'failed').map(([tail, changes]) => ({ ...tail, ...changes })),
  ]
  if (queue.drop?.length) await db.outbox.bulkDelete([...queue.drop])
  if (put.length) await db.outbox.bulkPut(put)
  if (queue.add?.length) await db.outbox.bulkAdd([...queue.add])
  await requeueAll(db, refused)
  const table = mirrorOf(db, collection)
  if (rows.delete?.length) await table.bulkDelete([...rows.delete])
  if (rows.add?.length) await table.bulkAdd([...rows.add])
  if (rows.put?.length) await table.bulkPut([...rows.put])
}

/** Create a record locally; answers its new id. */
export async function createRecord(
  ctx: WriteContext,
  collection: MirroredName,
  values: Record<string, unknown>,
) {
  const { db } = ctx
  const id = (ctx.newId ?? newUuid)()
  const stamp = new Date((ctx.now ?? Date.now)()).toISOString()
  const row: MirrorRow = { ...values, id, version: 0, createdAt: stamp, updatedAt: stamp }
  await db.transaction('rw', writeTables(db), async () => {
    const deps = await depsFor(db, collection, values)
    const op: OutboxOp = { ...baseOp(ctx, collection, id), kind: 'create', patch: { ...values }, deps }
    await queueThenRows(db, collection, { add: [op] }, { add: [row] })
  })
  return id
}

/** Apply the user's edit; answers the names of the fields that changed (none: nothing queued). */
export async function updateRecord(
  ctx: WriteContext,
  collection: MirroredName,
  id: string,
  values: Record<string, unknown>,
) {
  const { db } = ctx
  const table = mirrorOf(db, collection)
  return db.transaction('rw', writeTables(db), async () => {
    const current = await table.get(id)
    if (!current) throw new Error(`No ${collection} record ${id} in the local database.`)
    const changed = Object.keys(values).filter((field) => !jsonEqual(current[field], values[field]))
    if (changed.length === 0) return changed
    const patch = Object.fromEntries(changed.map((field) => [field, values[field]]))
    const base = Object.fromEntries(changed.map((field) => [field, current[field]]))
    const editedAt = new Date((ctx.now ?? Date.now)()).toISOString()
    const deps = await depsFor(db, collection, patch)
    const tail = await tailPending(db, collection, id)
    const step = editStep(ctx, collection, current, { patch, base, deps }, tail, editedAt)
    await queueThenRows(db, collection, queueOf([step]), { put: [step.row] })
    return changed
  })
}

/** The queue write of many records' edit steps (`editStep`). */
export function queueOf(steps: readonly EditStep[]): QueueWrite {
  return {
    drop: steps.flatMap((step) => (step.drop === undefined ? [] : [step.drop])),
    merge: steps.flatMap((step) => (step.merge ? [step.merge] : [])),
    add: steps.flatMap((step) => (step.add ? [step.add] : [])),
  }
}

/** What a delete replaced, for its undo (`undoDelete`): the row, and the record's queued ops as they were. */
export interface Deleted {
  collection: MirroredName
  id: string
  row: MirrorRow | undefined
  ops: OutboxOp[]
  /** The delete is queued for the server; false when the record never reached it and went with its queue. */
  queued: boolean
}

/**
 * Delete a record locally. `holdMs` keeps the delete on the device that long before it may be
 * sent, so it can still be undone (`undoDelete`); the sync sends it once that time is past.
 */
export async function deleteRecord(
  ctx: WriteContext,
  collection: MirroredName,
  id: string,
  { holdMs = 0 }: { holdMs?: number } = {},
): Promise<Deleted> {
  const { db } = ctx
  const table = mirrorOf(db, collection)
  const nextAttemptAt = holdMs > 0 ? (ctx.now ?? Date.now)() + holdMs : 0
  return db.transaction('rw', writeTables(db), async () => {
    const current = await table.get(id)
    const ops = await opsFor(db, collection, id)
    const step = deleteStep(ops, current, collection, nextAttemptAt)
    await queueThenRows(db, collection, deleteQueue(ctx, collection, id, ops, step), { delete: [id] })
    return { collection, id, row: current, ops: structuredClone(ops), queued: !step.drop }
  })
}

/** What a delete's step (`deleteStep`) does to the queue of record `id` (its ops, oldest first). */
export function deleteQueue(
  ctx: WriteContext,
  collection: MirroredName,
  id: string,
  ops: readonly OutboxOp[],
  step: ReturnType<typeof deleteStep>,
): QueueWrite {
  if (step.drop) return { drop: ops.map((op) => op.seq as number) }
  if (step.merge) return { merge: [step.merge] }
  if (step.add) return { add: [{ ...baseOp(ctx, collection, id), ...step.add }] }
  return {}
}

/**
 * Puts a deleted record back as it was, with its queued ops, while nothing of the delete has left
 * the device; answers whether it could. Too late once the delete was sent (or tried, or answered
 * and gone from the queue), or when the delete went back to the queue in place of a refused change
 * (others may wait on its new id).
 */
export async function undoDelete(ctx: WriteContext, { collection, id, row, ops, queued }: Deleted) {
  const { db } = ctx
  const table = mirrorOf(db, collection)
  return db.transaction('rw', writeTables(db), async () => {
    if (!row || (await table.get(id))) return false
    const now = await opsFor(db, collection, id)
    // A delete no longer queued has reached the server: bringing the row back here would show a
    // record every other device has lost.
    if (queued && !now.some((op) => op.kind === 'delete')) return false
    const before = new Map(ops.map((op) => [op.seq, op]))
    if (now.some((op) => before.has(op.seq) && before.get(op.seq)?.opId !== op.opId)) return false
    const changed = now.filter((op) => !jsonEqual(op, before.get(op.seq)))
    if (!changed.every(unsent)) return false
    const replaced = ops.filter((op) => !now.some((other) => other.seq === op.seq && jsonEqual(other, op)))
    await queueThenRows(
      db,
      collection,
      { drop: changed.map((op) => op.seq as number), put: replaced },
      { add: [row] },
    )
    return true
  })
}
