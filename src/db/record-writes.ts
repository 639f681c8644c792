/**
 * Every local change goes through here: the mirror row and its outbox op are
 * written in ONE Dexie transaction, so a crash never leaves an edit that is
 * shown but not queued, or queued but not shown.
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
import { depsFor, mergeDeps } from './op-deps'
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

/** Queued and never sent: it may still change, or go, without the server knowing. */
const unsent = (op: OutboxOp) => op.status === 'pending' && op.attempts === 0

async function tailPending(db: OutpostDb, collection: MirroredName, recordId: string) {
  const ops = await opsFor(db, collection, recordId)
  const tail = ops.at(-1)
  if (tail && unsent(tail)) return tail
  return tail?.status === 'failed' ? tail : undefined
}

/**
 * Put an op back in the queue under a new opId (the server remembers the old
 * one's answer) and point every op that waited for it at the new id, so they
 * keep waiting. Call inside a transaction that includes the outbox.
 */
export async function requeueAs(db: OutpostDb, op: OutboxOp, changes: Partial<OutboxOp>) {
  const opId = newUuid()
  await db.outbox.update(op.seq as number, {
    ...changes,
    opId,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: undefined,
    serverDoc: undefined,
  })
  await db.outbox
    .filter((other) => other.deps.includes(op.opId))
    .modify((other) => {
      other.deps = other.deps.map((dep) => (dep === op.opId ? opId : dep))
    })
}

/** Merge into the tail op: a refused one goes back to the queue as new, a pending one just changes. */
const mergeInto = (db: OutpostDb, op: OutboxOp, changes: Partial<OutboxOp>) =>
  op.status === 'failed' ? requeueAs(db, op, changes) : db.outbox.update(op.seq as number, changes)

/** A record's own fields (not its id, version or times), as a delete or a lost record's notice keeps them. */
export function fieldsOf(collection: MirroredName, row: MirrorRow | undefined): Record<string, unknown> {
  if (!row) return {}
  const names = Object.keys(mirrored[collection].fields ?? {})
  return Object.fromEntries(names.filter((name) => name in row).map((name) => [name, row[name]]))
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
    await mirrorOf(db, collection).add(row)
    const deps = await depsFor(db, collection, values)
    await db.outbox.add({ ...baseOp(ctx, collection, id), kind: 'create', patch: { ...values }, deps })
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
    const updatedAt = new Date((ctx.now ?? Date.now)()).toISOString()
    await table.put({ ...current, ...patch, updatedAt })
    const deps = await depsFor(db, collection, patch)

    const tail = await tailPending(db, collection, id)
    if (tail?.kind === 'create') {
      await mergeInto(db, tail, {
        patch: { ...tail.patch, ...patch },
        deps: mergeDeps(tail.deps, deps),
      })
    } else if (tail?.kind === 'update') {
      // The first edit's base wins: it is what the server last had.
      await mergeInto(db, tail, {
        patch: { ...tail.patch, ...patch },
        base: { ...base, ...tail.base },
        deps: mergeDeps(tail.deps, deps),
      })
    } else {
      await db.outbox.add({
        ...baseOp(ctx, collection, id),
        kind: 'update',
        patch,
        base,
        baseVersion: current.version,
        deps,
      })
    }
    return changed
  })
}

/** Delete locally; a record that never reached the server simply disappears with its queue. */
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
    // Nothing of it is on the server: its create was never sent, or was refused.
    const first = ops[0]
    const neverOnServer = first?.kind === 'create' && (first.status === 'failed' || ops.every(unsent))
    const deleted: Deleted = {
      collection,
      id,
      row: current,
      ops: structuredClone(ops),
      queued: !neverOnServer,
    }
    await table.delete(id)
    if (neverOnServer) {
      await db.outbox.bulkDelete(ops.map((op) => op.seq as number))
      return deleted
    }
    const tail = await tailPending(db, collection, id)
    if (tail?.kind === 'update') {
      await mergeInto(db, tail, {
        kind: 'delete',
        patch: {},
        base: {},
        baseVersion: current?.version ?? tail.baseVersion,
        // The server's values as this device knew them: the unsent edit's fields at their base.
        before: { ...fieldsOf(collection, current), ...tail.base },
        nextAttemptAt,
      })
      return deleted
    }
    if (tail?.kind === 'delete') return deleted
    await db.outbox.add({
      ...baseOp(ctx, collection, id),
      kind: 'delete',
      baseVersion: current?.version ?? null,
      before: fieldsOf(collection, current),
      nextAttemptAt,
    })
    return deleted
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
    const queued = new Set(
      (
        await db.outbox
          .where('[collection+recordId]')
          .anyOf(unique.map((id) => [collection, id]))
          .toArray()
      ).map((op) => op.recordId),
    )
    const plain = unique.flatMap((id, i) => (queued.has(id) ? [] : [{ id, row: rows[i] }]))
    await table.bulkDelete(plain.map(({ id }) => id))
    await db.outbox.bulkAdd(
      plain.map(({ id, row }) => ({
        ...baseOp(ctx, collection, id),
        kind: 'delete' as const,
        baseVersion: row?.version ?? null,
        before: fieldsOf(collection, row),
        nextAttemptAt,
      })),
    )
    const answers = new Map<string, Deleted>(
      plain.map(({ id, row }) => [id, { collection, id, row, ops: [], queued: true }]),
    )
    for (const id of unique)
      if (queued.has(id)) answers.set(id, await deleteRecord(ctx, collection, id, { holdMs }))
    return unique.map((id) => answers.get(id) as Deleted)
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
    await db.outbox.bulkDelete(changed.map((op) => op.seq as number))
    await db.outbox.bulkPut(replaced)
    await table.add(row)
    return true
  })
}
