/** What happens locally once the server has answered a queued op for good. */

import type { OutboxOp } from '../db/outbox-types'
import { fieldsOf, opsFor, writeTables } from '../db/record-writes'
import { type MirrorRow, mirrorOf } from '../db/tables'
import { type MirroredName, mirrored } from '../domain/collections'
import type { ImageRef } from '../domain/images'
import type { EngineContext } from './context'
import { withPending } from './rebase'

export interface Landed {
  op: OutboxOp
  /** The answer's doc: the record as the server now has it, or the uploaded image. */
  doc: unknown
}

/**
 * Ops the server has taken, settled locally in one transaction (a batch costs
 * one IndexedDB commit, not one per op). Should the tab die before this
 * commits, the ops are sent again on the next start, and the server answers
 * them from its idempotency store: nothing is applied twice.
 */
export async function settleLanded(ctx: EngineContext, landed: Landed[]) {
  if (landed.length === 0) return
  const { db } = ctx
  await db.transaction('rw', writeTables(db), async () => {
    for (const { op, doc } of landed) {
      await db.outbox.delete(op.seq as number)
      if (op.kind === 'upload') await renameUploaded(ctx, op, doc as ImageRef | undefined)
      else if (doc && op.kind !== 'delete') await applyAnswer(ctx, op, doc as MirrorRow)
    }
  })
  for (const { op } of landed) ctx.onLanded?.(op)
}

/**
 * The answer doc goes into the mirror under what is still queued, and later
 * edits that were made on top of this op now build on the version the server
 * just answered, so they do not look stale.
 */
async function applyAnswer(ctx: EngineContext, op: OutboxOp, doc: MirrorRow) {
  const { db } = ctx
  const later = await opsFor(db, op.collection, op.recordId)
  for (const next of later) {
    if (next.baseVersion !== null && next.baseVersion <= (op.baseVersion ?? 0)) {
      next.baseVersion = doc.version
      await db.outbox.update(next.seq as number, { baseVersion: doc.version })
    }
  }
  const row = withPending(doc, later)
  if (row) await mirrorOf(db, op.collection).put(row)
  else await mirrorOf(db, op.collection).delete(doc.id)
  ctx.settled?.set(`${op.collection}:${doc.id}`, doc.version)
}

/**
 * The image is on the server. Rows that point at it take the filename the
 * server gave it (sanitised, with a random part no client can guess): its URL
 * is known only from here on. So do the changes still queued that chose it:
 * laid over a doc the server sends before they land, they would bring the
 * device's name back. The local bytes stay as the offline copy.
 */
async function renameUploaded(ctx: EngineContext, op: OutboxOp, image: ImageRef | undefined) {
  const field = mirrored[op.collection].image?.field
  if (!field || !image?.filename) return
  const named = { id: op.recordId, filename: image.filename }
  const pointsAt = (value: unknown) => (value as ImageRef | null | undefined)?.id === op.recordId
  await mirrorOf(ctx.db, op.collection)
    .filter((row) => pointsAt(row[field]))
    .modify((row) => {
      row[field] = named
    })
  await ctx.db.outbox
    .filter((queued) => queued.collection === op.collection && pointsAt(queued.patch[field]))
    .modify((queued) => {
      queued.patch = { ...queued.patch, [field]: named }
    })
}

/** The record was deleted on the server: drop it and everything queued for it, and tell the user what was lost. */
export async function settleGone(ctx: EngineContext, op: OutboxOp) {
  const { db } = ctx
  let name = ''
  await db.transaction('rw', [mirrorOf(db, op.collection), db.outbox, db.notices], async () => {
    name = await dropDeleted(ctx, op.collection, op.recordId)
  })
  tellLost(ctx, op.collection, name)
}

/**
 * Inside a transaction over the record's mirror, the outbox and the notices:
 * remove a record deleted on the server with its queue, keeping a notice of the
 * user's lost changes. Answers the record's name for the message.
 */
export async function dropDeleted(ctx: EngineContext, collection: MirroredName, recordId: string) {
  const { db } = ctx
  const table = mirrorOf(db, collection)
  const row = await table.get(recordId)
  const ops = await opsFor(db, collection, recordId)
  const lost = Object.assign({}, ...ops.map((queued) => queued.patch))
  const name = displayName(collection, row ?? lost)
  await db.outbox.bulkDelete(ops.map((queued) => queued.seq as number))
  await table.delete(recordId)
  const record = { ...fieldsOf(collection, row), ...lost }
  await db.notices.add({
    collection,
    recordId,
    kind: 'deleted-on-server',
    lost,
    record,
    name,
    createdAt: ctx.now(),
  })
  return name
}

export function tellLost(ctx: EngineContext, collection: MirroredName, name: string) {
  const label = mirrored[collection].label
  ctx.notify(
    `${name || `This ${label}`} was deleted by someone else; your changes to it were not saved.`,
    'warning',
  )
}

function displayName(collection: MirroredName, doc: Record<string, unknown>) {
  return mirrored[collection].displayName(doc)
}
