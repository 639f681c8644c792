/**
 * GET /images/{product,industry,service,user}_image/{filename}: uploaded
 * images, from the database (any server process can answer). A filename is
 * never reused, so the bytes behind a URL never change: cached for a year.
 * `private`, because images are behind the session like everything else and a
 * shared cache must not hand them to someone signed out.
 *
 * Every signed-in user may see catalog images; a user image (a photo) only its
 * user, its uploader and Admins (images/who-may-see.ts). Anyone else gets the
 * same 404 as for a name that does not exist: the answer does not tell them
 * the photo is there.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { IMAGE_KINDS, type ImageKind } from '../../src/domain/images'
import type { Db } from '../db/open'
import { SIGNED_IN } from '../http/access'
import { notFound, unauthorized } from '../http/errors'
import { readImageFile } from '../images/store'
import { maySeeImage } from '../images/who-may-see'

export const IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable'
/**
 * In place of the app's policy: an image needs nothing loaded or run, so even
 * a file a browser took for a page (opened directly, or framed) could do nothing.
 */
const IMAGE_CSP = "default-src 'none'; sandbox"

const kindOfFolder = new Map<string, ImageKind>(
  Object.entries(IMAGE_KINDS).map(([kind, folder]) => [folder, kind as ImageKind]),
)
/** What safeFilename and withRandomPart produce (images/filename.ts); anything else cannot be a stored name. */
const STORED_NAME = /^[a-z0-9][a-z0-9._-]{0,120}$/

type ImageRequest = FastifyRequest<{ Params: { folder: string; filename: string } }>

export function imageRoutes(app: FastifyInstance, db: Db) {
  app.get(
    '/images/:folder/:filename',
    { config: { access: SIGNED_IN } },
    async (request: ImageRequest, reply) => {
      const { user } = request
      if (!user) throw unauthorized()
      const { folder, filename } = request.params
      const kind = kindOfFolder.get(folder)
      if (!kind || !STORED_NAME.test(filename)) throw notFound()
      const file = await readImageFile(db, kind, filename)
      if (!file || !(await maySeeImage(db, user, { ...file, kind }))) throw notFound()
      return reply
        .header('cache-control', IMAGE_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${filename}"`) // a STORED_NAME: nothing to escape
        .header('content-security-policy', IMAGE_CSP)
        .type(file.mimeType)
        .send(file.bytes)
    },
  )
}
