/**
 * The Trash: a collection's deleted records for `trashDays` after their delete
 * (newest first, with who deleted them), and their restore. A restore is a
 * write like any other: the tombstone becomes the live record again at a new
 * version and seq, so every device's change feed brings it back, and it links
 * again what its delete unlinked, where those records still exist and nobody
 * has linked them elsewhere since.
 */
import { and, count, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm'
import type { ListResponse } from '../../src/domain/rest'
import type { TrashEntry } from '../../src/domain/trash'
import type { Db } from '../db/open'
import type { Tx } from '../db/write'
import { notDeleted, notFound } from '../refusals'
import { type Doc, iso, type Row, toDocs, toOneDoc } from './docs'
import { type Actor, lastDeletes, recordEvents } from './history'
import { pageInfo } from './list'
import { pagingOnly } from './list-params'
import { restoreLinks } from './references'
import { collectionByName, type ServerCollection } from './registry'
import { searchColumnsFor } from './search-texts'
import { findRow, type WriteResult, writeRow } from './writes'

const DAY_MS = 86_400_000
export const RESTORED_MESSAGE = 'Restored successfully.'

const cutoffOf = (trashDays: number, now: Date) => new Date(now.getTime() - trashDays * DAY_MS)

export async function listTrash(
  db: Db,
  collection: ServerCollection,
  query: Record<string, unknown>,
  trashDays: number,
  now = new Date(),
): Promise<ListResponse<TrashEntry<Doc>>> {
  const { page, limit } = pagingOnly(query)
  const { table } = collection
  const inTrash = and(isNotNull(table.deletedAt), gt(table.deletedAt, cutoffOf(trashDays, now)))
  const [{ total = 0 } = {}] = await db.select({ total: count() }).from(table).where(inTrash)
  const rows = (await db
    .select()
    .from(table)
    .where(inTrash)
    .orderBy(desc(table.deletedAt), table.id)
    .limit(limit)
    .offset((page - 1) * limit)) as Row[]
  const docs = await toDocs(db, collection, rows)
  const deletes = await lastDeletes(
    db,
    collection.name,
    rows.map((row) => row.id as string),
  )
  const entries = rows.map((row, index) => {
    const deleted = deletes.get(row.id as string)
    const deletedAt = row.deletedAt as Date
    return {
      doc: docs[index] as Doc,
      deletedAt: iso(deletedAt),
      deletedBy: deleted ? deleted.userName : null,
      leavesTrashAt: iso(new Date(deletedAt.getTime() + trashDays * DAY_MS)),
    }
  })
  return { docs: entries, ...pageInfo(total, page, limit) }
}

/**
 * The record back from the Trash. 404 when it never existed or has left the
 * Trash; a 400 when it is not deleted (nothing to restore, and nothing changes).
 */
export async function restoreDoc(
  tx: Tx,
  collection: ServerCollection,
  id: string,
  actor: Actor,
  trashDays: number,
  now = new Date(),
): Promise<WriteResult> {
  const tombstone = await findRow(tx, collection, id)
  if (!tombstone) throw notFound()
  const deletedAt = tombstone.deletedAt as Date | null
  if (!deletedAt) throw notDeleted(collection.spec.label)
  if (deletedAt <= cutoffOf(trashDays, now)) throw notFound()
  // Its own relationships only where what they point at is still there.
  const dangling = await danglingRelations(tx, collection, tombstone)
  const row = (await writeRow(
    tx,
    collection,
    id,
    // Its search texts are the ones its delete left; a row that never had them gets them now.
    { deletedAt: null, ...dangling, ...searchColumnsFor(collection, tombstone, {}) },
    undefined,
    'deleted',
  )) as Row
  const links = (await lastDeletes(tx, collection.name, [id])).get(id)?.links ?? []
  await restoreLinks(tx, id, links, actor)
  await recordEvents(tx, collection.name, 'restored', actor, [row])
  return { status: 200, body: { doc: await toOneDoc(tx, collection, row), message: RESTORED_MESSAGE } }
}

/** The relation fields of `row` whose record is gone, set to null. */
async function danglingRelations(tx: Tx, collection: ServerCollection, row: Row) {
  const cleared: Row = {}
  for (const field of collection.fields) {
    const target = field.relationTo
    const value = row[field.key]
    if (field.kind !== 'relation' || !target || typeof value !== 'string') continue
    const related = collectionByName.get(target)
    if (!related) continue
    const [live] = await tx
      .select({ id: related.table.id })
      .from(related.table)
      .where(and(eq(related.table.id, value), isNull(related.table.deletedAt)))
    if (!live) cleared[field.key] = null
  }
  return cleared
}
