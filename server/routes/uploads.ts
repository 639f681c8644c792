/**
 * POST /api/{product,industry,service,user}-image: multipart with the image in
 * the field `file` and an optional client `id`. Answers 201 `{ doc: { id,
 * filename, mimeType, filesize, width, height } }`; a repeated upload with the
 * same id by the same user answers the stored doc (200), so an offline
 * client's retry never makes a second image; another user's id is refused
 * (400), as the doc would hand them the image's unguessable name. Only real
 * PNG, JPEG, WebP and GIF files (read from their bytes) up to UPLOAD_MAX_BYTES
 * and within the pixel limits (images/limits.ts) are taken, and what is stored
 * is the image re-encoded (images/reencode.ts), never the uploaded bytes. Who
 * uploaded each image is recorded, for the rule that a user's photo must be an
 * image they uploaded (imageUploader in images/store.ts).
 */
import { createHash, randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { UUID_PATTERN } from '../../src/domain/fields'
import { IMAGE_KINDS, type ImageKind } from '../../src/domain/images'
import type { Db } from '../db/open'
import type { Tx } from '../db/write'
import { SIGNED_IN } from '../http/access'
import { unauthorized, unsupportedMedia, validationError } from '../http/errors'
import { idempotentWrite } from '../http/idempotency'
import { readForm } from '../http/multipart'
import { safeFilename } from '../images/filename'
import { type EncodedImage, reencode } from '../images/reencode'
import { sniffImage } from '../images/sniff'
import { findImage, imageUploader, insertImage, toImageDoc } from '../images/store'
import { sendAnswer } from './collection'

export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024
const UPLOADED = 'Image successfully uploaded.'

interface Upload {
  kind: ImageKind
  id?: string
  filename: string
  /** The bytes as uploaded: they make a retry the same request, and are never stored. */
  received: Buffer
  /** What is stored and served. */
  image: EncodedImage
}

/** The image already stored under the upload's id, if this user sent it before; refused if not theirs. */
async function earlierUpload(tx: Tx, id: string, kind: ImageKind, userId: string) {
  const earlier = await imageUploader(tx, id)
  if (!earlier) return undefined
  if (earlier.kind !== kind) {
    throw validationError([{ field: 'id', message: 'This id already belongs to another kind of image.' }])
  }
  // Images from before uploaders were recorded (null) are no one's to claim again.
  if (earlier.uploadedBy !== userId) {
    throw validationError([
      { field: 'id', message: 'This id already belongs to an image someone else uploaded; send a new id.' },
    ])
  }
  return findImage(tx, id)
}

async function store(tx: Tx, upload: Upload, userId: string) {
  const earlier = upload.id && (await earlierUpload(tx, upload.id, upload.kind, userId))
  if (earlier) return { status: 200, body: { doc: toImageDoc(earlier), message: UPLOADED } }
  const { image } = upload
  const stored = await insertImage(tx, {
    id: upload.id ?? randomUUID(),
    kind: upload.kind,
    filename: upload.filename,
    uploadedBy: userId,
    mimeType: image.mimeType,
    filesize: image.bytes.length,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
  })
  return { status: 201, body: { doc: toImageDoc(stored), message: UPLOADED } }
}

async function readUpload(request: FastifyRequest, kind: ImageKind, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart())
    throw unsupportedMedia('Send the image as multipart/form-data in the field "file".')
  const { fields, file } = await readForm(request, { maxFileBytes: maxBytes, maxFields: 5 })
  if (file?.fieldname !== 'file') {
    throw validationError([{ field: 'file', message: 'Send the image in the form field "file".' }])
  }
  const id = fields.id?.trim() || undefined
  if (id !== undefined && !UUID_PATTERN.test(id))
    throw validationError([{ field: 'id', message: 'Must be a valid id.' }])
  const sniffed = sniffImage(file.bytes)
  if (!sniffed) throw unsupportedMedia('Only PNG, JPEG, WebP or GIF images can be uploaded.')
  return {
    kind,
    id: id?.toLowerCase(),
    filename: safeFilename(file.filename, sniffed),
    received: file.bytes,
    // Outside the write transaction: decoding takes time, and a refusal here stores nothing.
    image: await reencode(file.bytes, sniffed),
  }
}

/** What makes two uploads "the same" for Idempotency-Key: the id, the name and the bytes sent. */
const digestOf = (upload: Upload) =>
  createHash('sha256')
    .update(`${upload.id ?? ''}\n${upload.filename}\n`)
    .update(upload.received)
    .digest('hex')

export function uploadRoutes(app: FastifyInstance, db: Db, options: { maxBytes: number }) {
  for (const kind of Object.keys(IMAGE_KINDS) as ImageKind[]) {
    app.post(`/api/${kind}`, { config: { access: SIGNED_IN } }, async (request, reply) => {
      const { user } = request
      if (!user) throw unauthorized()
      const upload = await readUpload(request, kind, options.maxBytes)
      const answer = await idempotentWrite(
        db,
        request,
        user.id,
        (tx) => store(tx, upload, user.id),
        digestOf(upload),
      )
      return sendAnswer(reply, answer)
    })
  }
}
