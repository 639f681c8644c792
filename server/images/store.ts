/** Images in the database: metadata in `images`, bytes in `image_data` (db/tables/images.ts). */
import { and, eq, inArray, like, or } from 'drizzle-orm'
import type { ImageDoc, ImageKind } from '../../src/domain/images'
import { escapeLike } from '../db/like'
import type { Db } from '../db/open'
import { imageData, images } from '../db/schema'
import type { Tx } from '../db/write'
import { firstFree } from './filename'

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

/** `filename` for this kind, or the first free -1, -2… variant of it; call under the write lock. */
async function freeFilename(tx: Tx, kind: ImageKind, filename: string): Promise<string> {
  const dot = filename.lastIndexOf('.')
  const variants = `${escapeLike(filename.slice(0, dot))}-%${escapeLike(filename.slice(dot))}`
  const rows = await tx
    .select({ filename: images.filename })
    .from(images)
    .where(and(eq(images.kind, kind), or(eq(images.filename, filename), like(images.filename, variants))))
  return firstFree(filename, new Set(rows.map((row) => row.filename)))
}

export interface NewImage extends Omit<StoredImage, 'filename'> {
  /** The sanitised name wanted; a clash gets a suffix. */
  filename: string
  bytes: Buffer
}

export async function insertImage(tx: Tx, image: NewImage): Promise<StoredImage> {
  const { bytes, ...meta } = image
  const filename = await freeFilename(tx, image.kind, image.filename)
  const [row] = await tx
    .insert(images)
    .values({ ...meta, filename })
    .returning(docColumns)
  await tx.insert(imageData).values({ imageId: image.id, bytes })
  return row as StoredImage
}

/** The bytes to serve for /images/{folder}/{filename}. */
export async function readImageFile(db: Db, kind: ImageKind, filename: string) {
  const [row] = await db
    .select({ mimeType: images.mimeType, bytes: imageData.bytes })
    .from(images)
    .innerJoin(imageData, eq(imageData.imageId, images.id))
    .where(and(eq(images.kind, kind), eq(images.filename, filename)))
  return row
}
