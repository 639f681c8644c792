/**
 * Choosing an image for a catalog record (or one's own photo), offline or not: the file is kept in
 * IndexedDB under a client-made id, an upload op is queued, and the record's
 * image field is set to that id in the same transaction. The record's update
 * depends on the upload (src/db/op-deps.ts), so the server never sees a
 * reference to an image it does not have yet.
 */
import { type MirroredName, mirrored } from '../domain/collections'
import { baseOp, updateRecord, type WriteContext, writeTables } from './record-writes'

const newUuid = () => crypto.randomUUID()

export async function attachImage(
  ctx: WriteContext,
  collection: MirroredName,
  recordId: string,
  file: Blob,
  filename: string,
) {
  const image = mirrored[collection].image
  if (!image) throw new Error(`${collection} records have no image.`)
  const { db } = ctx
  const id = (ctx.newId ?? newUuid)()
  const now = (ctx.now ?? Date.now)()
  await db.transaction('rw', writeTables(db), async () => {
    await db.images.add({ id, kind: image.kind, blob: file, filename, mimeType: file.type, createdAt: now })
    await db.outbox.add({
      ...baseOp(ctx, collection, id),
      kind: 'upload',
      patch: { kind: image.kind, filename },
    })
    await updateRecord(ctx, collection, recordId, { [image.field]: { id, filename } })
  })
  return id
}

/** removing the image sets the field to null. */
export function removeImage(ctx: WriteContext, collection: MirroredName, recordId: string) {
  const image = mirrored[collection].image
  if (!image) throw new Error(`${collection} records have no image.`)
  return updateRecord(ctx, collection, recordId, { [image.field]: null })
}
