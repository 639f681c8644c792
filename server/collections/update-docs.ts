/**
 * Several updates of one collection's records, each answered as `updateDoc` (writes.ts) would answer
 * it alone, for a few statements however many there are: a batch of queued edits (routes/batch.ts),
 * which a list's bulk edit makes by the thousand. Alone, each update costs its read, its UPDATE, its
 * row of history and its doc's read: about 1.8 ms at 100,000 contacts on PGlite, so 20,000 edits kept
 * the server busy for half a minute. Here the rows are read in one statement, written in one per set
 * of columns (a bulk edit's records all change the same ones), and their history and docs in one each.
 *
 * Each update's refusal is its own, judged as updateDoc judges it: a bad body, an unknown or deleted
 * record, a missing company, a stale If-Match whose fields someone else moved. The records must be
 * different ones (the batch route runs a record's second update after its first). As with a batch's
 * creates, the rows are not followed (follow-writes.ts): the next read of a list finds the table's
 * head moved and counts again.
 */
import { and, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { byShape, columnsOf, recordset } from '../db/recordset'
import { changedStamp, type Tx } from '../db/write'
import { notFound, stale } from '../refusals'
import { parsePatch } from './body'
import { movedFields } from './conflict'
import { comparable, type Row, toDocs, UPDATED_MESSAGE } from './docs'
import { type Actor, fieldChanges, recordEach } from './history'
import { checkReferences, knownReferences } from './references'
import type { ServerCollection } from './registry'
import { goneError, toColumns, type WriteOutcome } from './writes'

interface QueuedUpdate {
  id: string
  body: unknown
  ifMatch: number | undefined
  actor: Actor
}

/** An update that will write: its row before, the columns it sets, and what its answer needs. */
interface Writing {
  at: number
  before: Row
  set: Record<string, unknown>
  actor: Actor
}

export async function updateDocs(
  tx: Tx,
  collection: ServerCollection,
  updates: readonly QueuedUpdate[],
): Promise<WriteOutcome[]> {
  const outcomes: (WriteOutcome | undefined)[] = updates.map(() => undefined)
  const parsed = updates.map(({ id, body }) => {
    try {
      return parsePatch(collection, body, id)
    } catch (refused) {
      return { refused }
    }
  })
  const befores = await rowsById(
    tx,
    collection,
    updates.map(({ id }) => id),
  )
  const known = await knownReferences(
    tx,
    collection,
    parsed.flatMap((each) => ('values' in each ? [each.values] : [])),
  )
  const unchanged: { at: number; row: Row }[] = []
  const writing: Writing[] = []
  // Stale updates whose fields nobody moved still write; their current docs are read once for all.
  const staleOnes: { at: number; fields: string[]; base: Record<string, unknown> | undefined }[] = []
  for (const [at, { id, ifMatch, actor }] of updates.entries()) {
    const each = parsed[at] as (typeof parsed)[number]
    try {
      if ('refused' in each) throw each.refused
      const before = befores.get(id)
      if (!before) throw notFound()
      if (before.deletedAt) throw goneError(collection, before)
      const { values, base } = each
      const fields = Object.keys(values)
      if (fields.length === 0) {
        unchanged.push({ at, row: before })
        continue
      }
      await checkReferences(tx, collection, values, known)
      if (ifMatch !== undefined && ifMatch !== before.version) staleOnes.push({ at, fields, base })
      writing.push({ at, before, set: toColumns(collection, values, before), actor })
    } catch (refused) {
      outcomes[at] = { refused }
    }
  }
  const refusedStale = await judgeStale(tx, collection, staleOnes, (at) => befores.get(updates[at]?.id ?? ''))
  for (const [at, refused] of refusedStale) outcomes[at] = { refused }
  const written = await writeRows(
    tx,
    collection,
    writing.filter(({ at }) => !refusedStale.has(at)),
  )
  await recordEach(
    tx,
    collection.name,
    'updated',
    written.flatMap(({ before, row, actor }) => {
      const changes = fieldChanges(collection, before, row)
      return Object.keys(changes).length > 0 ? [{ row, actor, changes }] : []
    }),
  )
  const answered = [...unchanged, ...written]
  const docs = await toDocs(
    tx,
    collection,
    answered.map(({ row }) => row),
  )
  answered.forEach(({ at }, n) => {
    outcomes[at] = { answer: { status: 200, body: { doc: docs[n], message: UPDATED_MESSAGE } } }
  })
  // Every row was read live under the write lock, so each UPDATE finds it; were one not found, it is gone.
  return outcomes.map((outcome) => outcome ?? { refused: notFound() })
}

/** The rows of `ids` (live or not), by id: one statement. */
async function rowsById(tx: Tx, collection: ServerCollection, ids: string[]) {
  const { table } = collection
  const rows = (await tx
    .select()
    .from(table)
    .where(inArray(table.id, [...new Set(ids)]))) as Row[]
  return new Map(rows.map((row) => [row.id as string, row]))
}

/**
 * The stale updates to refuse, by their place in the run, with the 409 updateDoc gives: an If-Match
 * that is not the record's version is still fine when nobody touched the fields the patch changes.
 */
async function judgeStale(
  tx: Tx,
  collection: ServerCollection,
  staleOnes: { at: number; fields: string[]; base: Record<string, unknown> | undefined }[],
  beforeOf: (at: number) => Row | undefined,
): Promise<Map<number, unknown>> {
  const refused = new Map<number, unknown>()
  if (staleOnes.length === 0) return refused
  const currents = await toDocs(
    tx,
    collection,
    staleOnes.map(({ at }) => beforeOf(at) as Row),
  )
  staleOnes.forEach(({ at, fields, base }, n) => {
    const current = currents[n] as Record<string, unknown>
    const moved = movedFields(fields, current, base, (field, value) => comparable(collection, field, value))
    if (!base || moved.length > 0) refused.set(at, stale(moved, current))
  })
  return refused
}

/**
 * The UPDATEs of `writing`, one a set of columns, each row getting its next version, time and seq as
 * writeRow gives them; answers each with the row it left.
 */
async function writeRows(tx: Tx, collection: ServerCollection, writing: Writing[]) {
  const { table } = collection
  const columns = columnsOf(table)
  const written: (Writing & { row: Row })[] = []
  for (const { keys, items: group } of byShape(writing, ({ set }) => Object.keys(set))) {
    const values = group.map(({ before, set }) => ({ ...set, id: before.id }))
    const assigned: Record<string, SQL> = Object.fromEntries(
      keys.map((key) => [key, sql`v.${sql.identifier((columns[key] as PgColumn).name)}`]),
    )
    const rows = (await tx
      .update(table)
      .set({ ...assigned, ...changedStamp(table.version) } as never)
      .from(recordset(columns, ['id', ...keys], values, 'v'))
      .where(and(sql`${table.id} = v.id`, isNull(table.deletedAt)))
      .returning()) as Row[]
    const byId = new Map(rows.map((row) => [row.id as string, row]))
    for (const each of group) {
      const row = byId.get(each.before.id as string)
      if (row) written.push({ ...each, row })
    }
  }
  return written
}
