/**
 * Create, update and delete of one doc, inside a write transaction (db/write.ts).
 * Each answers `{ status, body }` so the idempotency layer can store and replay it.
 * Sync rules (DESIGN.md §4): client ids, versions with If-Match and a
 * field-level merge, tombstones for deletes.
 */
import { randomUUID } from 'node:crypto'
import { eq, type SQL, sql } from 'drizzle-orm'
import { messages } from '../../src/domain/errors'
import type { Db } from '../db/open'
import { nextSeq } from '../db/write'
import { ApiError, errorItem, gone, notFound } from '../http/errors'
import { parseCreate, parsePatch } from './body'
import {
  comparable,
  createdMessage,
  DELETED_MESSAGE,
  type Doc,
  type Row,
  toDoc,
  UPDATED_MESSAGE,
} from './docs'
import type { ServerCollection } from './registry'

export interface WriteResult {
  status: number
  body: Record<string, unknown> & { doc?: Doc }
}

/** The write's own time, not the transaction's start: the lock may have been waited for. */
const now = () => sql`clock_timestamp()`

export async function findRow(db: Db, collection: ServerCollection, id: string): Promise<Row | undefined> {
  const [row] = await db.select().from(collection.table).where(eq(collection.table.id, id))
  return row as Row | undefined
}

/** 410 with what the client needs to apply the tombstone itself. */
export const goneError = (collection: ServerCollection, row: Row) =>
  gone({
    tombstone: { collection: collection.name, id: row.id, version: row.version, deletedAt: row.deletedAt },
  })

/** 404 unknown, 410 tombstoned, else the live row. */
export async function liveRow(db: Db, collection: ServerCollection, id: string): Promise<Row> {
  const row = await findRow(db, collection, id)
  if (!row) throw notFound()
  if (row.deletedAt) throw goneError(collection, row)
  return row
}

function staleError(fields: string[], doc: Doc) {
  const data = fields.map((field) => ({ field, message: messages.stale }))
  return new ApiError(
    412,
    errorItem('ConflictError', messages.stale, messages.stale, data.length ? data : undefined),
    {
      doc,
    },
  )
}

async function write(db: Db, collection: ServerCollection, id: string, set: Record<string, unknown>) {
  const { table } = collection
  const values = { ...set, version: sql`${table.version} + 1`, updatedAt: now(), seq: nextSeq() }
  const [row] = await db
    .update(table)
    .set(values as never)
    .where(eq(table.id, id))
    .returning()
  return toDoc(collection, row as Row)
}

export async function createDoc(db: Db, collection: ServerCollection, body: unknown): Promise<WriteResult> {
  const { id, values } = parseCreate(collection, body)
  const message = createdMessage(collection)
  if (id) {
    // A replayed create (same client id): answer what is there, never a second row.
    const existing = await findRow(db, collection, id)
    if (existing?.deletedAt) throw goneError(collection, existing)
    if (existing) return { status: 200, body: { doc: toDoc(collection, existing), message } }
  }
  const row: Record<string, SQL | unknown> = {
    ...values,
    id: id ?? randomUUID(),
    createdAt: now(),
    updatedAt: now(),
    seq: nextSeq(),
  }
  const [inserted] = await db
    .insert(collection.table)
    .values(row as never)
    .returning()
  return { status: 201, body: { doc: toDoc(collection, inserted as Row), message } }
}

export async function updateDoc(
  db: Db,
  collection: ServerCollection,
  id: string,
  body: unknown,
  ifMatch: number | undefined,
): Promise<WriteResult> {
  const { values, base } = parsePatch(collection, body, id)
  const row = await liveRow(db, collection, id)
  const current = toDoc(collection, row)
  const fields = Object.keys(values)
  if (ifMatch !== undefined && ifMatch !== current.version) {
    // Stale, but still fine when nobody touched the fields this patch changes (field-level merge).
    const conflicts = base
      ? fields.filter(
          (field) =>
            !(field in base) ||
            comparable(collection, field, current[field]) !== comparable(collection, field, base[field]),
        )
      : fields
    if (!base || conflicts.length > 0) throw staleError(conflicts, current)
  }
  if (fields.length === 0) return { status: 200, body: { doc: current, message: UPDATED_MESSAGE } }
  return { status: 200, body: { doc: await write(db, collection, id, values), message: UPDATED_MESSAGE } }
}

export async function deleteDoc(
  db: Db,
  collection: ServerCollection,
  id: string,
  ifMatch: number | undefined,
): Promise<WriteResult> {
  const row = await liveRow(db, collection, id)
  const current = toDoc(collection, row)
  if (ifMatch !== undefined && ifMatch !== current.version) throw staleError([], current)
  // A tombstone, not a DELETE: the change feed must tell other clients.
  const doc = await write(db, collection, id, { deletedAt: now() })
  return { status: 200, body: { doc, message: DELETED_MESSAGE } }
}
