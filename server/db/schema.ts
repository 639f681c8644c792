/**
 * The server's tables (Drizzle pg-core): one schema for PGlite and PostgreSQL alike.
 * Migrations in ./migrations are generated from this file with `drizzle-kit generate`
 * (config: server/drizzle.config.ts); keep the SQL within PostgreSQL 15.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/** One sequence stamps every write of every collection: the change feed's cursor. */
export const writeSeq = pgSequence('write_seq')

/** Millisecond precision: the ISO strings the API answers compare equal to what is stored. */
const stamp = (name: string) => timestamp(name, { withTimezone: true, precision: 3 })

/** The columns every synced collection shares: identity, optimistic version, feed position, tombstone. */
export const docColumns = () => ({
  id: uuid('id').primaryKey(),
  version: integer('version').notNull().default(1),
  seq: bigint('seq', { mode: 'number' }).notNull().default(sql`nextval('write_seq')`),
  createdAt: stamp('created_at').notNull().defaultNow(),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
  deletedAt: stamp('deleted_at'),
})

const blank = (name: string) => text(name).notNull().default('')

export const contacts = pgTable(
  'contacts',
  {
    ...docColumns(),
    firstName: text('first_name').notNull(),
    lastName: blank('last_name'),
    title: blank('title'),
    department: blank('department'),
    email: blank('email'),
    phone: blank('phone'),
    mobile: blank('mobile'),
    // No foreign key yet: companies arrive with issue #3 (and a client may create both offline).
    company: uuid('company_id'),
  },
  (t) => [
    uniqueIndex('contacts_seq_idx').on(t.seq),
    // Trigram indexes serve `like`/`contains` (ILIKE '%word%') on the list screen's search fields.
    index('contacts_first_name_trgm').using('gin', t.firstName.op('gin_trgm_ops')),
    index('contacts_last_name_trgm').using('gin', t.lastName.op('gin_trgm_ops')),
    index('contacts_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
    // The default list order (lower(last_name), id) over live rows.
    index('contacts_last_name_sort').on(sql`lower(${t.lastName})`, t.id).where(sql`${t.deletedAt} is null`),
  ],
)

export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  roleName: text('role_name').notNull(),
})

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  /** Stored lowercased; looked up lowercased. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: blank('first_name'),
  lastName: blank('last_name'),
  roleId: text('role_id')
    .notNull()
    .references(() => roles.id),
  createdAt: stamp('created_at').notNull().defaultNow(),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
})

/** Only a SHA-256 of the cookie's token is kept: a leaked table opens no session. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: stamp('created_at').notNull().defaultNow(),
    lastSeenAt: stamp('last_seen_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** Answers of mutating calls by Idempotency-Key, written in the same transaction as the change. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
)

/** A single row: how far tombstones have been purged (a cursor below it must resync). */
export const syncMeta = pgTable(
  'sync_meta',
  {
    id: integer('id').primaryKey().default(1),
    purgedThrough: bigint('purged_through', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('sync_meta_single_row', sql`${t.id} = 1`)],
)
