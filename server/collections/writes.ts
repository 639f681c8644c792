/**
 * Create, update and delete of one doc, inside a write transaction (db/write.ts).
 * Each answers `{ status, body }` so the idempotency layer can store and replay it.
 * Sync rules (docs/api.md): client ids, versions with If-Match and a
 * field-level merge, tombstones for deletes, 410 for a deleted record.
 *
 * Each write also adds its row of history (collections/history.ts) in the
 * same transaction. An update reads the row first, under the write lock, so
 * the history keeps what each field was and a stale If-Match is judged on it.
 * A delete carries its own conditions (live, and the version If-Match names)
 * and RETURNING gives the answer; only when it changes nothing do we read the
 * row to say why.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm'
import { toPlainText } from '../../src/domain/rich-text'
import type { Db } from '../db/open'
import { insertRows } from '../db/recordset'
import { changedStamp, createdStamp, type Tx } from '../db/write'
import { gone, notFound, stale } from '../refusals'
import { parseCreate, parsePatch } from './body'
import { movedFields } from './conflict'
import {
  comparable,
  createdMessage,
  DELETED_MESSAGE,
  type Doc,
  type Row,
  toDocs,
  toOneDoc,
  UPDATED_MESSAGE,
} from './docs'
import { followWrite } from './follow-writes'
import { type Actor, fieldChanges, recordEach, recordEvents } from './history'
import { checkReferences, clearReferencesTo, knownReferences } from './references'
import type { ServerCollection } from './registry'
import { searchColumnsFor } from './search-texts'

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
  gone({ collection: collection.name, id: row.id, version: row.version, deletedAt: row.deletedAt })

/** 404 unknown, 410 tombstoned, else the live row. */
export async function liveRow(db: Db, collection: ServerCollection, id: string): Promise<Row> {
  const row = await findRow(db, collection, id)
  if (!row) throw notFound()
  if (row.deletedAt) throw goneError(collection, row)
  return row
}

/**
 * API values → column values: table keys, a rich-text field's plain text beside it, and the search
 * texts (search-texts.ts) of the record they make over the row `before` (none: a create).
 */
export function toColumns(
  collection: ServerCollection,
  values: Record<string, unknown>,
  before?: Row,
): Record<string, unknown> {
  const columns: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(values)) {
    const field = collection.byName.get(name)
    if (!field) continue
    columns[field.key] = value
    if (field.plainTextKey) columns[field.plainTextKey] = toPlainText(value as never)
  }
  return { ...columns, ...searchColumnsFor(collection, before, values) }
}

/**
 * UPDATE … RETURNING of a live row (or of a tombstone, for a restore), and of
 * the given version when told; undefined if none matched.
 */
export async function writeRow(
  tx: Tx,
  collection: ServerCollection,
  id: string,
  set: Row,
  version?: number,
  state: 'live' | 'deleted' = 'live',
) {
  const { table } = collection
  const conditions: (SQL | undefined)[] = [
    eq(table.id, id),
    state === 'live' ? isNull(table.deletedAt) : isNotNull(table.deletedAt),
  ]
  if (version !== undefined) conditions.push(eq(table.version, version))
  return followWrite(tx, table, table.seq, id, async () => {
    const [row] = await tx
      .update(table)
      .set({ ...set, ...changedStamp(table.version) } as never)
      .where(and(...conditions))
      .returning()
    return row as Row | undefined
  })
}

/** A repeated create (same client id): what is there, 200 (or 410 if it was deleted since). */
async function existingAnswer(tx: Tx, collection: ServerCollection, id: string, message: string) {
  const existing = await liveRow(tx, collection, id)
  return { status: 200, body: { doc: await toOneDoc(tx, collection, existing), message } }
}

export async function createDoc(
  tx: Tx,
  collection: ServerCollection,
  body: unknown,
  actor: Actor,
): Promise<WriteResult> {
  const { id, values } = parseCreate(collection, body)
  const message = createdMessage(collection.spec.label)
  try {
    await checkReferences(tx, collection, values)
  } catch (error) {
    // A replayed create whose company has been deleted since: the record exists, answer it.
    if (id && (await findRow(tx, collection, id))) return existingAnswer(tx, collection, id, message)
    throw error
  }
  const row = {
    ...toColumns(collection, values),
    id: id ?? randomUUID(),
    ...createdStamp(),
  }
  const { table } = collection
  const insert = tx.insert(table).values(row as never)
  // A replayed create (same client id) inserts nothing and answers what is there: never a second row.
  const inserted = await followWrite(tx, table, table.seq, row.id, async () => {
    const [added] = (await (id ? insert.onConflictDoNothing() : insert).returning()) as Row[]
    return added
  })
  if (inserted) {
    const changes = fieldChanges(collection, undefined, inserted)
    await recordEvents(tx, collection.name, 'created', actor, [inserted], { changes })
    return { status: 201, body: { doc: await toOneDoc(tx, collection, inserted), message } }
  }
  return existingAnswer(tx, collection, id as string, message)
}

/** What one of many writes at once (`createDocs`, update-docs.ts) came to: its answer, or the refusal to answer it with. */
export type WriteOutcome = { answer: WriteResult } | { refused: unknown }

/**
 * Several creates of one collection, each answered as `createDoc` would answer it alone, for a few
 * statements however many there are: a batch of queued creates (routes/batch.ts). The rows go in one
 * INSERT for each set of fields the bodies give (`insertRows`, as one JSON parameter), which answers
 * them whole, mapped as every other read maps its columns; their history and docs take one statement
 * each. Each body's refusal is its own. The rows are not followed (follow-writes.ts):
 * the next read of the table's lists finds its head moved and counts again, which costs less than
 * two statements for every row.
 */
export async function createDocs(
  tx: Tx,
  collection: ServerCollection,
  creates: { body: unknown; actor: Actor }[],
): Promise<WriteOutcome[]> {
  const message = createdMessage(collection.spec.label)
  const outcomes: (WriteOutcome | undefined)[] = creates.map(() => undefined)
  const parsed = creates.map(({ body }) => {
    try {
      return parseCreate(collection, body)
    } catch (refused) {
      return { refused }
    }
  })
  const known = await knownReferences(
    tx,
    collection,
    parsed.flatMap((each) => ('values' in each ? [each.values] : [])),
  )
  const rows: { at: number; id: string; actor: Actor; row: Record<string, unknown> }[] = []
  // A create of an id already in the run is what a second create of it alone is once the first has
  // landed: its body is checked, then it answers what is there (its references are the first's).
  const again: { at: number; id: string }[] = []
  for (const [at, { actor }] of creates.entries()) {
    const each = parsed[at] as (typeof parsed)[number]
    try {
      if ('refused' in each) throw each.refused
      const { id, values } = each
      if (id && rows.some((earlier) => earlier.id === id)) {
        again.push({ at, id })
        continue
      }
      try {
        await checkReferences(tx, collection, values, known)
      } catch (error) {
        // A replayed create whose company has been deleted since: the record exists, answer it.
        if (id && (await findRow(tx, collection, id))) {
          outcomes[at] = { answer: await existingAnswer(tx, collection, id, message) }
          continue
        }
        throw error
      }
      const row = { ...toColumns(collection, values), id: id ?? randomUUID() }
      rows.push({ at, id: row.id, actor, row })
    } catch (error) {
      outcomes[at] = { refused: error }
    }
  }
  // A replayed create (an id that is already there) inserts nothing: never a second row.
  const { table } = collection
  const inserted = (await insertRows(
    tx,
    table,
    rows.map(({ row }) => row),
    { computed: createdStamp(), skipExisting: true, whole: true },
  )) as Row[]
  const byId = new Map(inserted.map((row) => [row.id as string, row]))
  const events = rows.flatMap(({ id, actor }) => {
    const row = byId.get(id)
    return row ? [{ row, actor, changes: fieldChanges(collection, undefined, row) }] : []
  })
  await recordEach(tx, collection.name, 'created', events)
  const docOf = new Map((await toDocs(tx, collection, inserted)).map((doc) => [doc.id, doc]))
  for (const { at, id } of rows) {
    const doc = docOf.get(id)
    if (doc) outcomes[at] = { answer: { status: 201, body: { doc, message } } }
  }
  for (const { at, id } of [...rows.filter(({ id }) => !docOf.has(id)), ...again]) {
    try {
      outcomes[at] = { answer: await existingAnswer(tx, collection, id, message) }
    } catch (error) {
      outcomes[at] = { refused: error }
    }
  }
  return outcomes as WriteOutcome[]
}

export async function updateDoc(
  tx: Tx,
  collection: ServerCollection,
  id: string,
  body: unknown,
  ifMatch: number | undefined,
  actor: Actor,
): Promise<WriteResult> {
  const { values, base } = parsePatch(collection, body, id)
  const fields = Object.keys(values)
  // Read first, under the write lock: the history keeps what each field was, and a stale If-Match is judged on it.
  const before = await liveRow(tx, collection, id)
  if (fields.length === 0) {
    return { status: 200, body: { doc: await toOneDoc(tx, collection, before), message: UPDATED_MESSAGE } }
  }
  await checkReferences(tx, collection, values)
  const set = toColumns(collection, values, before)
  if (ifMatch !== undefined && ifMatch !== before.version) {
    // Stale: still fine when nobody touched the fields this patch changes.
    const current = await toOneDoc(tx, collection, before)
    const moved = movedFields(fields, current, base, (field, value) => comparable(collection, field, value))
    if (!base || moved.length > 0) throw stale(moved, current)
  }
  const row = (await writeRow(tx, collection, id, set)) as Row
  const changes = fieldChanges(collection, before, row)
  if (Object.keys(changes).length > 0)
    await recordEvents(tx, collection.name, 'updated', actor, [row], { changes })
  return { status: 200, body: { doc: await toOneDoc(tx, collection, row), message: UPDATED_MESSAGE } }
}

export async function deleteDoc(
  tx: Tx,
  collection: ServerCollection,
  id: string,
  ifMatch: number | undefined,
  actor: Actor,
): Promise<WriteResult> {
  // A tombstone, not a DELETE: the change feed must tell other clients.
  const row = await writeRow(tx, collection, id, { deletedAt: now() }, ifMatch)
  if (!row) {
    const current = await toOneDoc(tx, collection, await liveRow(tx, collection, id))
    throw stale([], current)
  }
  const links = await clearReferencesTo(tx, collection, id, actor)
  await recordEvents(tx, collection.name, 'deleted', actor, [row], { links })
  return { status: 200, body: { doc: await toOneDoc(tx, collection, row), message: DELETED_MESSAGE } }
}
