/**
 * Uploaded images. The bytes live in PostgreSQL beside their metadata, not on
 * local disk, so any number of server processes can serve them (docs/decisions/008-the-scale-model.md).
 * Filenames are unique per kind: they are the URL, and immutable once given.
 */
import { integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { bytea, stamp } from '../columns'

export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey(),
    /** The upload route it came through: 'product-image', 'user-image', … (src/domain/images.ts). */
    kind: text('kind').notNull(),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    filesize: integer('filesize').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /**
     * The user whose upload made it: only they may take it as their photo, and see it if it
     * is a user image (routes/images.ts). Null for images uploaded before it was recorded.
     * Not a foreign key: users are declared over this table (their photo), and a deleted
     * user's id matches no one, as user ids are never reused.
     */
    uploadedBy: uuid('uploaded_by'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('images_kind_filename_idx').on(t.kind, t.filename)],
)

/** A table of its own so listing and joining images never reads the bytes. */
export const imageData = pgTable('image_data', {
  imageId: uuid('image_id')
    .primaryKey()
    .references(() => images.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
})
