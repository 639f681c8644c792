/** Column builders shared by the tables: timestamps, blank text, the synced-doc columns, bytea. */
import { sql } from 'drizzle-orm'
import { bigint, customType, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Millisecond precision: the ISO strings the API answers compare equal to what is stored. */
export const stamp = (name: string) => timestamp(name, { withTimezone: true, precision: 3 })

/** Text that is '' when not set: the forms send '' and `exists` treats '' as absent. */
export const blank = (name: string) => text(name).notNull().default('')

/** The columns every synced collection shares: identity, optimistic version, feed position, tombstone. */
export const docColumns = () => ({
  id: uuid('id').primaryKey(),
  version: integer('version').notNull().default(1),
  seq: bigint('seq', { mode: 'number' }).notNull().default(sql`nextval('write_seq')`),
  createdAt: stamp('created_at').notNull().defaultNow(),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
  deletedAt: stamp('deleted_at'),
})

/** drizzle-orm 0.45 has no bytea builder; PGlite answers a Uint8Array, node-postgres a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
})
