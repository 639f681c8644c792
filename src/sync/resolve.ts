/**
 * What the user can do about a change the server did not take (docs/sync.md):
 * for a conflict, keep mine, take theirs, or choose field by field; for a
 * refused change, retry it or discard it. Every choice is one Dexie
 * transaction; a change that goes back to the queue gets a new opId, because
 * the server remembers the old one's answer (Idempotency-Key).
 */

import type { OutpostDb } from '../db/database'
import { jsonEqual } from '../db/equal'
import type { OutboxOp } from '../db/outbox-types'
import { opsFor, requeueAs, writeTables } from '../db/record-writes'
import { type MirrorRow, mirrorOf } from '../db/tables'
import { mirrored } from '../domain/collections'
import { getDoc } from '../transport/calls'
import { NetworkError } from '../transport/http'
import type { EngineContext } from './context'
import { withPending } from './rebase'

export type Choice = 'mine' | 'theirs'

export interface FieldDiff {
  field: string
  /** What the field held when the user edited it. */
  base: unknown
  mine: unknown
  theirs: unknown
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === ''

/** Whether two values of a field say the same: empty is empty however it is written. */
const sameValue = (a: unknown, b: unknown) => (isEmpty(a) && isEmpty(b)) || jsonEqual(a, b)

/**
 * The fields of a conflicting change that truly conflict, with the three values the user chooses
 * between: those someone else changed on the server since the user's edit, to another value than
 * the user's. A field changed only here, or changed alike by both, is never asked about: it is
 * kept as the user's (a choice left out is 'mine').
 */
export function conflictDiff(op: OutboxOp): FieldDiff[] {
  const theirs = op.serverDoc ?? {}
  return Object.keys(op.patch)
    .filter(
      (field) => !sameValue(theirs[field], op.base[field]) && !sameValue(theirs[field], op.patch[field]),
    )
    .map((field) => ({ field, base: op.base[field], mine: op.patch[field], theirs: theirs[field] }))
}

/** On a delete that met someone else's edit: the fields they changed since this device's copy. */
export function changedSinceDelete(op: OutboxOp): FieldDiff[] {
  const theirs = op.serverDoc ?? {}
  const before = op.before ?? {}
  return Object.keys(before)
    .filter((field) => !sameValue(theirs[field], before[field]))
    .map((field) => ({ field, base: before[field], mine: undefined, theirs: theirs[field] }))
}

async function latest(db: OutpostDb, op: OutboxOp) {
  const current = await db.outbox.get(op.seq as number)
  if (!current) throw new Error('This change is no longer queued.')
  return current
}

/**
 * Resolve a conflict field by field (all 'mine' = keep mine, all 'theirs' =
 * take theirs). Fields kept as mine are re-sent on top of the server's
 * current version; the rest take the server's values.
 */
export async function resolveConflict(db: OutpostDb, conflict: OutboxOp, choices: Record<string, Choice>) {
  await db.transaction('rw', writeTables(db), async () => {
    const op = await latest(db, conflict)
    const server = (op.serverDoc ?? {}) as MirrorRow
    const table = mirrorOf(db, op.collection)
    if (op.kind === 'delete') {
      if (choices.record === 'theirs') {
        await db.outbox.delete(op.seq as number)
        await table.put(withPending(server, await laterOps(db, op)) ?? server)
      } else await requeueAs(db, op, { baseVersion: server.version })
      return
    }
    const kept = Object.keys(op.patch).filter((field) => (choices[field] ?? 'mine') === 'mine')
    const patch = Object.fromEntries(kept.map((field) => [field, op.patch[field]]))
    const base = Object.fromEntries(kept.map((field) => [field, server[field]]))
    if (kept.length === 0 || kept.every((field) => jsonEqual(patch[field], server[field])))
      await db.outbox.delete(op.seq as number)
    else await requeueAs(db, op, { patch, base, baseVersion: server.version })
    await rebaseLater(db, op, { ...pick(server, Object.keys(op.patch)), ...patch })
    const queued = await opsFor(db, op.collection, op.recordId)
    const row = withPending(server, queued)
    if (row) await table.put(row)
  })
}

async function laterOps(db: OutpostDb, op: OutboxOp) {
  return (await opsFor(db, op.collection, op.recordId)).filter((other) => (other.seq ?? 0) > (op.seq ?? 0))
}

const pick = (doc: Record<string, unknown>, fields: string[]) =>
  Object.fromEntries(fields.map((field) => [field, doc[field]]))

/**
 * Edits queued behind a settled conflict were made on top of the user's
 * version of its fields. Their base for those fields becomes what the server
 * holds once the choice lands (`settled`); otherwise taking theirs, or
 * discarding, would make every later edit of the same field conflict again.
 */
async function rebaseLater(db: OutpostDb, op: OutboxOp, settled: Record<string, unknown>) {
  for (const later of await laterOps(db, op)) {
    if (later.kind !== 'update') continue
    const touched = Object.keys(later.base).filter((field) => field in settled)
    if (touched.length === 0) continue
    await db.outbox.update(later.seq as number, { base: { ...later.base, ...pick(settled, touched) } })
  }
}

/** Send a refused change again as it is (the cause was fixed elsewhere, e.g. a permission). */
export async function retryChange(db: OutpostDb, failed: OutboxOp) {
  const op = await latest(db, failed)
  await db.transaction('rw', db.outbox, () => requeueAs(db, op, {}))
}

/**
 * Give up a refused or conflicting change and show the server's version again.
 * A create that never landed takes the record (and its queue) with it.
 */
export async function discardChange(ctx: EngineContext, change: OutboxOp) {
  const { db } = ctx
  const op = await latest(db, change)
  const table = mirrorOf(db, op.collection)
  if (op.kind === 'create' || op.kind === 'upload') {
    await db.transaction('rw', writeTables(db), async () => {
      const queued = op.kind === 'create' ? await opsFor(db, op.collection, op.recordId) : [op]
      await db.outbox.bulkDelete(queued.map((queuedOp) => queuedOp.seq as number))
      if (op.kind === 'create') await table.delete(op.recordId)
      else {
        await db.images.delete(op.recordId)
        await forgetImage(db, op)
      }
    })
    return
  }
  // The server's copy: the one the conflict brought back, or a fresh read.
  let server = op.serverDoc as MirrorRow | undefined
  if (!server) server = await serverCopy(ctx, op)
  await db.transaction('rw', writeTables(db), async () => {
    await db.outbox.delete(op.seq as number)
    if (op.kind === 'update') await rebaseLater(db, op, pick(server ?? op.base, Object.keys(op.patch)))
    const queued = await opsFor(db, op.collection, op.recordId)
    if (server) {
      const row = withPending(server, queued)
      if (row) await table.put(row)
    } else if (op.kind === 'update') {
      // Offline and nothing brought back: undo this change's fields on the local copy.
      const row = await table.get(op.recordId)
      if (row) await table.put({ ...row, ...op.base })
    }
  })
}

/**
 * A discarded upload's image never reaches the server, so nothing may point at it: the queued
 * changes that chose it stop choosing it (a change left with nothing goes), and the records show
 * the image they had before. Otherwise the record would keep a name the server never gave, asked
 * of it as a file, and its queued change would send a reference the server refuses.
 */
async function forgetImage(db: OutpostDb, upload: OutboxOp) {
  const field = mirrored[upload.collection].image?.field
  if (!field) return
  const chose = (values: Record<string, unknown>) =>
    (values[field] as { id?: unknown } | null | undefined)?.id === upload.recordId
  /** Per record, what its image was before this one was chosen. */
  const before = new Map<string, unknown>()
  const queued = await db.outbox.filter((op) => op.collection === upload.collection).sortBy('seq')
  for (const op of queued) {
    if ((op.kind !== 'create' && op.kind !== 'update') || !chose(op.patch)) continue
    if (!before.has(op.recordId))
      before.set(op.recordId, op.kind === 'create' ? null : (op.base[field] ?? null))
    const deps = op.deps.filter((dep) => dep !== upload.opId)
    if (op.kind === 'create') {
      await db.outbox.update(op.seq as number, { patch: { ...op.patch, [field]: null }, deps })
      continue
    }
    const { [field]: _chosen, ...patch } = op.patch
    const { [field]: _was, ...base } = op.base
    if (Object.keys(patch).length === 0) await db.outbox.delete(op.seq as number)
    else await db.outbox.update(op.seq as number, { patch, base, deps })
  }
  const table = mirrorOf(db, upload.collection)
  await table
    .filter((row) => chose(row))
    .modify((row) => {
      row[field] = before.get(row.id) ?? null
    })
}

const DISCARD_READ_TIMEOUT_MS = 5_000

/** The server's current copy of the record, or undefined when it cannot be read now (offline, slow) or is gone. */
async function serverCopy(ctx: EngineContext, op: OutboxOp) {
  try {
    // The user is waiting on this click: a slow network gets a few seconds, then the pull brings the copy later.
    const answer = await getDoc(ctx.transport, op.collection, op.recordId, DISCARD_READ_TIMEOUT_MS)
    return answer.status === 200 ? (answer.body as MirrorRow) : undefined
  } catch (error) {
    if (error instanceof NetworkError) return undefined
    throw error
  }
}

/** Everything the sync-issues view lists: changes needing a decision, and records lost to a deletion. */
export async function syncIssues(db: OutpostDb) {
  const ops = await db.outbox.where('status').anyOf('failed', 'conflict').sortBy('seq')
  const notices = await db.notices.orderBy('id').reverse().toArray()
  return {
    changes: ops.map((op) => ({ op, label: mirrored[op.collection].label, diff: conflictDiff(op) })),
    notices,
  }
}

export function dismissNotice(db: OutpostDb, id: number) {
  return db.notices.delete(id)
}
