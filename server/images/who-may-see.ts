/**
 * Who may see an image file. Catalog images (products, industries, services)
 * belong to the whole team: every signed-in user. A user image is a person's
 * photo, and only they, whoever uploaded it, and Admins may see it: a user who
 * may not open a colleague's profile must not get their photo by its URL.
 */
import { and, eq } from 'drizzle-orm'
import type { ImageKind } from '../../src/domain/images'
import type { User } from '../../src/domain/rest'
import { isAdmin } from '../../src/domain/user'
import type { Db } from '../db/open'
import { users } from '../db/schema'

interface ImageSeen {
  id: string
  kind: ImageKind
  uploadedBy: string | null
}

/** Whether `image` is the photo `userId` has now (read from the database, not from the session). */
async function isPhotoOf(db: Db, userId: string, imageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.userImage, imageId)))
  return row !== undefined
}

export async function maySeeImage(db: Db, user: User, image: ImageSeen): Promise<boolean> {
  if (image.kind !== 'user-image') return true
  if (isAdmin(user) || image.uploadedBy === user.id) return true
  return isPhotoOf(db, user.id, image.id)
}
