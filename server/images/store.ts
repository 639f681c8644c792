/** Images in the database: metadata in `images`, bytes in `image_data` (db/tables/images.ts). */
import { and, eq, inArray } from 'drizzle-orm'
import type { ImageDoc, ImageKind } from '../../src/domain/images'
import type { Db } from '../db/open'
import { imageData, images } from '../db/schema'
import type { Tx } from '../db/write'
import { withRandomPart } from './filename'

export interface StoredImage extends ImageDoc {
  kind: ImageKind
}

const docColumns = {
  id: images.id,
  kind: images.kind,
  filename: images.filename,
  mimeType: images.mimeType,
  filesize: images.filesize,
  width: images.width,
  height: images.height,
}

export const toImageDoc = ({ kind: _, ...doc }: StoredImage): ImageDoc => doc

/** id → filename for the given image ids (unknown ids are left out). */
export async function imageNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)]
  const rows = await db
    .select({ id: images.id, filename: images.filename })
    .from(images)
    .where(inArray(images.id, unique))
  return new Map(rows.map((row) => [row.id, row.filename]))
}

export async function findImage(db: Db, id: string): Promise<StoredImage | undefined> {
  const [row] = await db.select(docColumns).from(images).where(eq(images.id, id))
  return row as StoredImage | undefined
}

/**
 * Who uploaded image `id` and its kind, or undefined when there is no such
 * image. `uploadedBy` is null for images uploaded before uploaders were
 * recorded. For the rule that a user may take as their photo only an image
 * they uploaded.
 */
export async function imageUploader(
  db: Db,
  id: string,
): Promise<{ kind: ImageKind; uploadedBy: string | null } | undefined> {
  const [row] = await db
    .select({ kind: images.kind, uploadedBy: images.uploadedBy })
    .from(images)
    .where(eq(images.id, id))
  return row as { kind: ImageKind; uploadedBy: string | null } | undefined
}

export interface NewImage extends StoredImage {
  /** The sanitised name (filename.ts); the stored one has a random part added. */
  filename: string
  /** The signed-in user who sent it. */
  uploadedBy: string
  bytes: Buffer
}

export async function insertImage(tx: Tx, image: NewImage): Promise<StoredImage> {
  const { bytes, ...meta } = image
  const [row] = await tx
    .insert(images)
    .values({ ...meta, filename: withRandomPart(image.filename) })
    .returning(docColumns)
  await tx.insert(imageData).values({ imageId: image.id, bytes })
  return row as StoredImage
}

/** The bytes to serve for /images/{folder}/{filename}, with what decides who may see them. */
export async function readImageFile(db: Db, kind: ImageKind, filename: string) {
  const [row] = await db
    .select({
      id: images.id,
      uploadedBy: images.uploadedBy,
      mimeType: images.mimeType,
      bytes: imageData.bytes,
    })
    .from(images)
    .innerJoin(imageData, eq(imageData.imageId, images.id))
    .where(and(eq(images.kind, kind), eq(images.filename, filename)))
  return row
}
