/**
 * What a change must wait for (docs/sync.md): a record that points at another
 * one still waiting to be created (a contact's company made offline), and a
 * record whose image is still waiting to be uploaded. The server would refuse
 * either reference until the other op has landed.
 */
import { type MirroredName, mirrored } from '../domain/collections'
import type { OutpostDb } from './database'
import type { OutboxOp } from './outbox-types'

function referencedId(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object') {
    const ref = value as { value?: unknown; id?: unknown }
    if (typeof ref.value === 'string') return ref.value
    if (typeof ref.id === 'string') return ref.id
  }
  return undefined
}

/** The records `patch` points at (a relation's record, an image's upload): what it may have to wait for. */
export function referencesOf(collection: MirroredName, patch: Record<string, unknown>) {
  const spec = mirrored[collection]
  const wanted: Array<[string, string, 'create' | 'upload']> = []
  for (const [field, target] of Object.entries(spec.relations)) {
    const id = referencedId(patch[field])
    if (id) wanted.push([target, id, 'create'])
  }
  const imageId = spec.image ? referencedId(patch[spec.image.field]) : undefined
  if (imageId) wanted.push([collection, imageId, 'upload'])
  return wanted
}

/**
 * The ops queued for each of `ids` (records of `collection`) that has any, oldest first: the one reader
 * of a collection's queue for many records (a selection, an import's chunk, what its rows point at).
 * It reads ONE range of the queue's [collection+recordId] index, from the least of the ids to the
 * greatest, and sifts it here: `anyOf` with thousands of keys steps a cursor key by key (91 s for 10,000
 * queued edits on fake-indexeddb, against 0.2 s), and a query per record cost an import of 10,000
 * contacts naming 2,000 new companies most of its time. An import's ids share their key's prefix
 * (src/domain/import-ids.ts), so its range holds its own records only. Call inside a transaction.
 */
export async function queuedByRecord(db: OutpostDb, collection: string, ids: Iterable<string>) {
  const wanted = new Set(ids)
  const byRecord = new Map<string, OutboxOp[]>()
  if (wanted.size === 0) return byRecord
  const sorted = [...wanted].sort()
  const ops = await db.outbox
    .where('[collection+recordId]')
    .between([collection, sorted[0] as string], [collection, sorted.at(-1) as string], true, true)
    .toArray()
  for (const op of ops.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    if (!wanted.has(op.recordId)) continue
    const queue = byRecord.get(op.recordId)
    if (queue) queue.push(op)
    else byRecord.set(op.recordId, [op])
  }
  return byRecord
}

/** The opIds, among a record's queued ops, of the kind a reference waits for (its create, its upload). */
const awaited = (ops: readonly OutboxOp[] | undefined, kind: 'create' | 'upload') =>
  (ops ?? []).filter((op) => op.kind === kind).map((op) => op.opId)

/** The opIds of queued creates and uploads that the fields of `patch` point at. Call inside a transaction. */
export async function depsFor(db: OutpostDb, collection: MirroredName, patch: Record<string, unknown>) {
  const deps: string[] = []
  for (const [target, id, kind] of referencesOf(collection, patch))
    deps.push(...awaited((await queuedByRecord(db, target, [id])).get(id), kind))
  return deps
}

/**
 * `depsFor` of many patches at once (an import's chunk): each target collection's queue is read once
 * (`queuedByRecord`), not once per patch. Call inside a transaction.
 */
export async function depsForAll(
  db: OutpostDb,
  collection: MirroredName,
  patches: readonly Record<string, unknown>[],
): Promise<string[][]> {
  const wanted = patches.map((patch) => referencesOf(collection, patch))
  const idsOf = new Map<string, string[]>()
  for (const [target, id] of wanted.flat()) {
    const ids = idsOf.get(target)
    if (ids) ids.push(id)
    else idsOf.set(target, [id])
  }
  const queued = new Map<string, Map<string, OutboxOp[]>>()
  for (const [target, ids] of idsOf) queued.set(target, await queuedByRecord(db, target, ids))
  return wanted.map((refs) =>
    refs.flatMap(([target, id, kind]) => awaited(queued.get(target)?.get(id), kind)),
  )
}

export const mergeDeps = (a: string[], b: string[]) => [...new Set([...a, ...b])]
