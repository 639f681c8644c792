/**
 * Two records that are one (Admins, POST /api/{c}/:id/merge): the kept record takes the values
 * chosen for it, what pointed at the other points at it, and the other goes to the Trash; one
 * write under the lock, so a replay under its Idempotency-Key answers it again and does nothing.
 */
import { sql } from 'drizzle-orm'
import type { Tx } from '../db/write'
import { parseMerge } from './body'
import { type Row, toOneDoc } from './docs'
import { type Actor, fieldChanges, recordEvents } from './history'
import { checkReferences, moveReferences } from './references'
import type { ServerCollection } from './registry'
import { liveRow, toColumns, type WriteResult, writeRow } from './writes'

export const MERGED_MESSAGE = 'Merged successfully.'

export async function mergeDocs(
  tx: Tx,
  collection: ServerCollection,
  id: string,
  body: unknown,
  actor: Actor,
): Promise<WriteResult> {
  const { from, values } = parseMerge(collection, body, id)
  const before = await liveRow(tx, collection, id)
  await liveRow(tx, collection, from)
  await checkReferences(tx, collection, values)
  await moveReferences(tx, collection, from, id, actor)
  const kept = (await writeRow(tx, collection, id, toColumns(collection, values, before))) as Row
  const gone = (await writeRow(tx, collection, from, { deletedAt: sql`clock_timestamp()` })) as Row
  // The other's delete unlinked nothing (its relations moved): a restore from the Trash links nothing.
  await recordEvents(tx, collection.name, 'deleted', actor, [gone], { links: [] })
  await recordEvents(tx, collection.name, 'merged', actor, [kept], {
    changes: fieldChanges(collection, before, kept),
    links: [{ collection: collection.name, id: from, field: '' }],
  })
  return { status: 200, body: { doc: await toOneDoc(tx, collection, kept), message: MERGED_MESSAGE } }
}
