/**
 * The server's tables (Drizzle pg-core): one schema for PGlite and PostgreSQL alike.
 * Migrations in ./migrations are generated from this file (and the tables it
 * re-exports) with `drizzle-kit generate` (config: server/drizzle.config.ts);
 * keep the SQL within PostgreSQL 15.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core'
import type { FieldChanges, HistoryAction } from '../../src/domain/history'
import { blank, stamp } from './columns'
import { images } from './tables/images'

export { docColumns } from './columns'
export * from './tables/images'
export * from './tables/records'

/** One sequence stamps every write of every collection: the change feed's cursor. */
export const writeSeq = pgSequence('write_seq')

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
  // Profile extras.
  username: blank('username'),
  company: blank('company'),
  address: blank('address'),
  city: blank('city'),
  country: blank('country'),
  postalCode: blank('postal_code'),
  aboutMe: blank('about_me'),
  userImage: uuid('user_image_id').references(() => images.id, { onDelete: 'set null' }),
  /** Asked for the newsletter when registering (the operator's mailing tool reads it). */
  newsletter: boolean('newsletter').notNull().default(false),
  /** Bumped by every change: a device's profile edit names the version it was made on (If-Match). */
  version: integer('version').notNull().default(1),
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

/**
 * Attempts counted per key in fixed windows (auth/throttle.ts): in the database,
 * so every server process counts against the same limits. `account` names the
 * email a row limits, so an Admin can unlock it (every address at once).
 */
export const throttles = pgTable(
  'throttles',
  {
    key: text('key').primaryKey(),
    account: text('account'),
    hits: integer('hits').notNull(),
    windowStart: stamp('window_start').notNull(),
    windowMs: integer('window_ms').notNull(),
  },
  (t) => [index('throttles_account_idx').on(t.account)],
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

/**
 * What happened to a record, and who did it: one row per change, written in
 * the write's own transaction, so a replayed request (its stored answer) adds
 * none. `changes` holds each field a create or update set, with its value
 * before and after; `links` on a delete names the relationships it cleared,
 * so a restore can set them again; `made_at` is the device's time for a
 * change it made (offline, perhaps) and sent later. Rows of a purged
 * tombstone go with it.
 */
export const recordHistory = pgTable(
  'record_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    collection: text('collection').notNull(),
    recordId: uuid('record_id').notNull(),
    /** The write's position in the change feed, and the record's version after it. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    action: text('action').$type<HistoryAction>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name as it was then: the Trash still says who, once the account is gone. */
    userName: text('user_name').notNull(),
    at: stamp('at').notNull().defaultNow(),
    madeAt: stamp('made_at'),
    changes: jsonb('changes').$type<FieldChanges>(),
    links: jsonb('links').$type<HistoryLink[]>(),
  },
  (t) => [index('record_history_record_idx').on(t.collection, t.recordId, t.seq)],
)

export type { FieldChanges, HistoryAction } from '../../src/domain/history'

/** A relationship a delete cleared: which record, and which of its fields pointed at the deleted one. */
export interface HistoryLink {
  collection: string
  id: string
  field: string
}

/**
 * A single row: how far tombstones have been purged (a cursor below it must
 * resync), and the write sequence at the last vacuum (server/db/vacuum.ts:
 * PGlite forgets its table statistics when it closes, so the server keeps its own).
 */
export const syncMeta = pgTable(
  'sync_meta',
  {
    id: integer('id').primaryKey().default(1),
    purgedThrough: bigint('purged_through', { mode: 'number' }).notNull().default(0),
    vacuumedThrough: bigint('vacuumed_through', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('sync_meta_single_row', sql`${t.id} = 1`)],
)
