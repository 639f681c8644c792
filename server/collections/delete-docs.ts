/**
 * Several deletes of one collection's records, each answered as `deleteDoc` (writes.ts) would answer
 * it alone, with one UPDATE for all their tombstones and one statement each for their history and
 * docs: a batch of queued deletes (routes/batch.ts), which a list's bulk delete makes by the thousand.
 * A delete whose record is not there, is already deleted, or has moved past its If-Match is told so
 * as alone (404, 410, 412). What pointed at a deleted record is unlinked record by record, as alone:
 * contacts, the bulk deletes' usual records, have nothing pointing at them. As with a batch's creates,
 * the rows are not followed (follow-writes.ts): the next read of a list finds the head moved and
 * counts again.
 */
import { and, isNull, sql } from 'drizzle-orm'
import type { HistoryLink } from '../db/schema'
import { changedStamp, type Tx } from '../db/write'
import { stale } from '../refusals'
import { DELETED_MESSAGE, type Row, toDocs, toOneDoc } from './docs'
import { type Actor, recordEach } from './history'
import { clearReferencesTo } from './references'
import type { ServerCollection } from './registry'
import { liveRow, type WriteOutcome } from './writes'

interface QueuedDelete {
  id: string
  ifMatch: number | undefined
  actor: Actor
}

export async function deleteDocs(
  tx: Tx,
  collection: ServerCollection,
  deletes: readonly QueuedDelete[],
): Promise<WriteOutcome[]> {
  const { table } = collection
  const wanted = deletes.map(({ id, ifMatch }) => ({ id, version: ifMatch ?? null }))
  const rows = (await tx
    .update(table)
    .set({ deletedAt: sql`clock_timestamp()`, ...changedStamp(table.version) } as never)
    .from(sql`jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as v(id uuid, version integer)`)
    .where(
      and(
        sql`${table.id} = v.id`,
        isNull(table.deletedAt),
        sql`(v.version is null or ${table.version} = v.version)`,
      ),
    )
    .returning()) as Row[]
  const byId = new Map(rows.map((row) => [row.id as string, row]))
  const outcomes: (WriteOutcome | undefined)[] = deletes.map(() => undefined)
  const events: { row: Row; actor: Actor; links: HistoryLink[] }[] = []
  for (const [at, { id, actor }] of deletes.entries()) {
    const row = byId.get(id)
    if (row) {
      events.push({ row, actor, links: await clearReferencesTo(tx, collection, id, actor) })
      continue
    }
    // Nothing deleted: say why, as a delete alone does (not there, already deleted, or moved on).
    outcomes[at] = { refused: await refusalOf(tx, collection, id) }
  }
  await recordEach(tx, collection.name, 'deleted', events)
  const docs = await toDocs(
    tx,
    collection,
    events.map(({ row }) => row),
  )
  const docOf = new Map(docs.map((doc) => [doc.id, doc]))
  return deletes.map(
    ({ id }, at) =>
      outcomes[at] ?? { answer: { status: 200, body: { doc: docOf.get(id), message: DELETED_MESSAGE } } },
  )
}

/**
 * Why a delete of `id` deleted nothing, as the error a delete alone throws: liveRow's 404 or 410 when it
 * is not there or deleted already, else a 412, its version having moved past the If-Match.
 */
async function refusalOf(tx: Tx, collection: ServerCollection, id: string): Promise<unknown> {
  try {
    return stale([], await toOneDoc(tx, collection, await liveRow(tx, collection, id)))
  } catch (refused) {
    return refused
  }
}
