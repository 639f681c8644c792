/**
 * An import's rows saved on the device, a chunk at a time: each chunk's new records (and the records
 * they point at that it makes first, a new company), its updates, and how far the import has come,
 * in ONE transaction, each record queued as any change is. A record the device already holds under
 * its id (an import started again: its ids come from its key and lines, src/domain/import-ids.ts) is
 * not made twice.
 */
import type { MirroredName } from '../domain/collections'
import type { ColumnMapping } from '../domain/import-columns'
import type { DuplicateChoice, NewRelated } from '../domain/import-plan'
import { updateRecords } from './bulk-writes'
import type { OutpostDb } from './database'
import { depsForAll, queuedByRecord } from './op-deps'
import { baseOp, queueThenRows, type WriteContext, writeTables } from './record-writes'
import { type MirrorRow, mirrorOf } from './tables'

/** An import under way, kept until it ends, so one stopped halfway goes on with the same choices and ids. */
export interface ImportProgress {
  /** Its ids' key. */
  key: string
  fileName: string
  mapping: ColumnMapping
  choice: DuplicateChoice
  /** How many of the plan's rows are saved. */
  saved: number
  rows: number
  updatedAt: number
}

export interface ImportChunk {
  creates: { id: string; values: Record<string, unknown> }[]
  updates: { id: string; values: Record<string, unknown> }[]
  related: NewRelated[]
}

/** Where an import of a file (by its contents' hash) keeps its progress. */
const progressKey = (collection: MirroredName, fileHash: string) => `import.${collection}.${fileHash}`

/** The progress of an import of this file that has not ended, if any. */
export async function readImportProgress(db: OutpostDb, collection: MirroredName, fileHash: string) {
  const entry = await db.meta.get(progressKey(collection, fileHash))
  return entry?.value as ImportProgress | undefined
}

/** The import of this file has ended: nothing is left to go on with. */
export async function endImport(db: OutpostDb, collection: MirroredName, fileHash: string) {
  await db.meta.delete(progressKey(collection, fileHash))
}

/**
 * The records whose ids the table does not hold yet. Read as the keys of one range, from the least id
 * to the greatest: an import's ids share their key's prefix (src/domain/import-ids.ts), so the range
 * holds its own records only. `bulkGet` asked for each id alone, and a get that misses is as dear as
 * one that finds: 3.7 of the 10 s an import of 10,000 contacts took in Chromium.
 */
async function notHeld<T extends { id: string }>(table: ReturnType<typeof mirrorOf>, records: readonly T[]) {
  if (records.length === 0) return []
  const ids = records.map(({ id }) => id).sort()
  const held = new Set(
    await table
      .where(':id')
      .between(ids[0] as string, ids.at(-1) as string, true, true)
      .primaryKeys(),
  )
  return records.filter(({ id }) => !held.has(id))
}

/**
 * Makes `records` of one collection, as createRecord makes each: those the device holds already are
 * left out, and a record whose create is queued without its row gets the row alone. The queue is
 * written before the rows (`queueThenRows`): Firefox was seen to keep the rows of a chunk cut by a
 * reload without their queued creates (they never reached the server). Written in this order, whatever
 * part of a chunk lands, the next run or the server's answer makes it whole.
 */
async function createMany(
  ctx: WriteContext,
  collection: MirroredName,
  records: readonly { id: string; values: Record<string, unknown> }[],
) {
  const { db } = ctx
  const fresh = await notHeld(mirrorOf(db, collection), records)
  // Their queues, as `notHeld` reads the table: one range.
  const queued = await queuedByRecord(
    db,
    collection,
    fresh.map(({ id }) => id),
  )
  const unqueued = fresh.filter(({ id }) => !queued.get(id)?.some((op) => op.kind === 'create'))
  const stamp = new Date((ctx.now ?? Date.now)()).toISOString()
  // What each create waits for (its company's create), read in one pass over the queue of each collection pointed at.
  const deps = await depsForAll(
    db,
    collection,
    unqueued.map(({ values }) => values),
  )
  await queueThenRows(
    db,
    collection,
    {
      add: unqueued.map(({ id, values }, i) => ({
        ...baseOp(ctx, collection, id),
        kind: 'create' as const,
        patch: { ...values },
        deps: deps[i] ?? [],
      })),
    },
    {
      add: fresh.map(
        ({ id, values }): MirrorRow => ({ ...values, id, version: 0, createdAt: stamp, updatedAt: stamp }),
      ),
    },
  )
  return fresh.length
}

/**
 * Saves one chunk of an import and its progress together: answers how many records it made. The last
 * chunk ends the import in the same transaction, so a tab closed just after it leaves no import that
 * says it stopped with every row saved.
 */
export async function writeImportChunk(
  ctx: WriteContext,
  collection: MirroredName,
  chunk: ImportChunk,
  progress: { fileHash: string; value: ImportProgress },
) {
  const { db } = ctx
  return db.transaction('rw', [...writeTables(db), db.meta], async () => {
    const byTarget = new Map<MirroredName, NewRelated[]>()
    for (const record of chunk.related)
      byTarget.set(record.collection, [...(byTarget.get(record.collection) ?? []), record])
    for (const [target, records] of byTarget) await createMany(ctx, target, records)
    const made = await createMany(ctx, collection, chunk.creates)
    if (chunk.updates.length) await updateRecords(ctx, collection, chunk.updates)
    const key = progressKey(collection, progress.fileHash)
    if (progress.value.saved >= progress.value.rows) await db.meta.delete(key)
    else await db.meta.put({ key, value: progress.value })
    return made
  })
}
