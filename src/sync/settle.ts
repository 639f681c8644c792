/** What happens locally once the server has answered a queued op for good. */

import type { OutboxOp } from '../db/outbox-types'
import { opsFor } from '../db/record-writes'
import { type MirrorRow, mirrorOf } from '../db/tables'
import type { CollectionName } from '../domain/collections'
import { collections } from '../domain/collections'
import type { ImageRef } from '../domain/images'
import type { EngineContext } from './context'
import { applyServerDoc } from './rebase'

/**
 * The op landed. Its answer doc goes into the mirror under what is still
 * queued, and later edits that were made on top of this one now build on the
 * version the server just answered, so they do not look stale.
 */
export async function settleDone(ctx: EngineContext, op: OutboxOp, doc: MirrorRow | undefined) {
  const { db } = ctx
  if (op.kind === 'upload') return settleUpload(ctx, op, doc as unknown as ImageRef | undefined)
  await db.transaction('rw', [mirrorOf(db, op.collection), db.outbox], async () => {
    await db.outbox.delete(op.seq as number)
    if (!doc || op.kind === 'delete') return
    const later = await opsFor(db, op.collection, op.recordId)
    for (const next of later) {
      if (next.baseVersion !== null && next.baseVersion <= (op.baseVersion ?? 0)) {
        await db.outbox.update(next.seq as number, { baseVersion: doc.version })
      }
    }
    await applyServerDoc(db, op.collection, doc)
  })
}

/**
 * The image is on the server. Rows that point at it take the filename the
 * server gave it (names are sanitised and made unique there); the local bytes
 * stay as the offline copy until no row needs them.
 */
async function settleUpload(ctx: EngineContext, op: OutboxOp, image: ImageRef | undefined) {
  const { db } = ctx
  const field = collections[op.collection].image?.field
  const table = mirrorOf(db, op.collection)
  await db.transaction('rw', [table, db.outbox], async () => {
    await db.outbox.delete(op.seq as number)
    if (!field || !image?.filename) return
    await table
      .filter((row) => (row[field] as ImageRef | null)?.id === op.recordId)
      .modify((row) => {
        row[field] = { id: op.recordId, filename: image.filename }
      })
  })
}

/** The record was deleted on the server: drop it and everything queued for it, and tell the user what was lost. */
export async function settleGone(ctx: EngineContext, op: OutboxOp) {
  const { db } = ctx
  const table = mirrorOf(db, op.collection)
  let name = ''
  await db.transaction('rw', [table, db.outbox, db.notices], async () => {
    const row = await table.get(op.recordId)
    const ops = await opsFor(db, op.collection, op.recordId)
    const lost = Object.assign({}, ...ops.map((queued) => queued.patch))
    name = displayName(op.collection, row ?? lost)
    await db.outbox.bulkDelete(ops.map((queued) => queued.seq as number))
    await table.delete(op.recordId)
    await db.notices.add({
      collection: op.collection,
      recordId: op.recordId,
      kind: 'deleted-on-server',
      lost,
      name,
      createdAt: ctx.now(),
    })
  })
  const label = collections[op.collection].label
  ctx.notify(
    `${name || `This ${label}`} was deleted by someone else; your changes to it were not saved.`,
    'warning',
  )
}

function displayName(collection: CollectionName, doc: Record<string, unknown>) {
  return collections[collection].displayName(doc)
}
