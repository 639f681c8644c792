/** What happens locally once the server has answered a queued op for good. */

import { fieldsOf } from '../db/merge-rules'
import type { OutboxOp } from '../db/outbox-types'
import { opsFor, writeTables } from '../db/record-writes'
import { type MirrorRow, mirrorOf } from '../db/tables'
import { type MirroredName, mirrored } from '../domain/collections'
import type { ImageRef } from '../domain/images'
import type { EngineContext } from './context'
import { withPending } from './rebase'

export interface Landed {
  op: OutboxOp
  /** The answer's doc: the record as the server now has it, or the uploaded image. */
  doc: unknown
}

/**
 * Ops the server has taken, settled locally in one transaction (a batch costs
 * one IndexedDB commit, not one per op), and each store written once for all
 * of them. Should the tab die before this commits, the ops are sent again on
 * the next start, and the server answers them from its idempotency store:
 * nothing is applied twice. The ops of a push round are of different records,
 * so none of them is another's later op.
 */
export async function settleLanded(ctx: EngineContext, landed: Landed[], round: RoundQueue) {
  if (landed.length === 0) return
  const { db } = ctx
  const seqs = landed.map(({ op }) => op.seq as number)
  await db.transaction('rw', writeTables(db), async () => {
    await deleteOps(ctx, seqs)
    const answered = landed.filter(({ op, doc }) => doc && op.kind !== 'upload' && op.kind !== 'delete')
    await applyAnswers(ctx, answered as { op: OutboxOp; doc: MirrorRow }[], round)
    for (const { op, doc } of landed)
      if (op.kind === 'upload') await renameUploaded(ctx, op, doc as ImageRef | undefined)
  })
  for (const { op } of landed) ctx.onLanded?.(op)
}

/**
 * The outbox's rows `seqs`, each run of consecutive seqs as one range: an import's ops were queued one
 * after another and land in long runs, and a range is one request where a key each was a thousand
 * (the deletes were the largest share of a settle's time in Chromium). Only landed ops are in a run,
 * since seqs are whole numbers: no other op can lie between two of them.
 */
async function deleteOps(ctx: EngineContext, seqs: number[]) {
  const sorted = [...seqs].sort((a, b) => a - b)
  const alone: number[] = []
  const ranges: Promise<unknown>[] = []
  for (let start = 0; start < sorted.length; ) {
    let end = start
    while (end + 1 < sorted.length && sorted[end + 1] === (sorted[end] as number) + 1) end++
    const first = sorted[start] as number
    const last = sorted[end] as number
    if (end > start) ranges.push(ctx.db.outbox.where(':id').between(first, last, true, true).delete())
    else alone.push(first)
    start = end + 1
  }
  await Promise.all([...ranges, alone.length ? ctx.db.outbox.bulkDelete(alone) : undefined])
}

/**
 * Each answer doc goes into the mirror under what is still queued for its
 * record, and later edits that were made on top of its op now build on the
 * version the server just answered, so they do not look stale.
 */
async function applyAnswers(
  ctx: EngineContext,
  answered: { op: OutboxOp; doc: MirrorRow }[],
  round: RoundQueue,
) {
  if (answered.length === 0) return
  const { db } = ctx
  const [queued, newest] = await Promise.all([
    queuedFor(ctx, answered, round),
    versionsInMirror(ctx, answered),
  ])
  const laterOf = new Map<string, OutboxOp[]>()
  for (const next of queued.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) addTo(laterOf, recordKey(next), next)
  const rebased: { key: number; changes: { baseVersion: number } }[] = []
  const puts = new Map<MirroredName, MirrorRow[]>()
  const gone = new Map<MirroredName, string[]>()
  for (const { op, doc } of answered) {
    const later = laterOf.get(keyOf(op.collection, op.recordId)) ?? []
    for (const next of later) {
      if (next.baseVersion !== null && next.baseVersion <= (op.baseVersion ?? 0)) {
        next.baseVersion = doc.version
        rebased.push({ key: next.seq as number, changes: { baseVersion: doc.version } })
      }
    }
    ctx.settled?.set(keyOf(op.collection, doc.id), doc.version)
    // An answer replayed from the server's idempotency store is the record as it was when the op
    // first landed: a pull since may have brought a later copy (a colleague's edit, a company's
    // delete clearing its contacts), which stays.
    if ((newest.get(keyOf(op.collection, doc.id)) ?? 0) > doc.version) continue
    const row = withPending(doc, later)
    if (row) addTo(puts, op.collection, row)
    else addTo(gone, op.collection, doc.id)
  }
  if (rebased.length) await db.outbox.bulkUpdate(rebased)
  for (const [collection, rows] of puts) await mirrorOf(db, collection).bulkPut(rows)
  for (const [collection, ids] of gone) await mirrorOf(db, collection).bulkDelete(ids)
}

const keyOf = (collection: string, recordId: string) => `${collection}:${recordId}`

/** An op's record, as `RoundQueue.behind` is keyed. */
export const recordKey = (op: OutboxOp) => keyOf(op.collection, op.recordId)

/**
 * What a push round knew of the outbox when it chose its ops (push.ts): the seqs of the ops then
 * queued behind a chosen op of the same record, and the last seq then queued. An op queued since has
 * a later seq, since seqs only grow.
 */
export interface RoundQueue {
  behind: ReadonlyMap<string, readonly number[]>
  lastSeq: number
}

/**
 * The ops still queued for the answered records: those the round saw behind them, read again by seq
 * (an edit since may have merged into one, a delete dropped it), and those queued since the round
 * began, read as the range after its last seq. Asked record by record instead, an import's settle of
 * 1,000 answers took 250 ms in Chromium (a quarter of a second per thousand rows sent, beside the
 * range reads here, none in an import). When more was queued since than there are answers (an import
 * saved while the sync runs), a request per record still reads less: all asked at once, as `anyOf`
 * walks a cursor key by key, a round trip each (35–180 ms for a settle of 100 in Chromium).
 */
async function queuedFor(
  ctx: EngineContext,
  answered: { op: OutboxOp }[],
  round: RoundQueue,
): Promise<OutboxOp[]> {
  const { outbox } = ctx.db
  const records = answered.map(({ op }) => recordKey(op))
  const since = () => outbox.where(':id').above(round.lastSeq)
  if ((await since().count()) > answered.length) {
    const queues = await Promise.all(
      answered.map(({ op }) =>
        outbox.where('[collection+recordId]').equals([op.collection, op.recordId]).toArray(),
      ),
    )
    return queues.flat()
  }
  const wanted = new Set(records)
  const [seen, newer] = await Promise.all([
    outbox.bulkGet(records.flatMap((record) => round.behind.get(record) ?? [])),
    since().toArray(),
  ])
  return [
    ...seen.filter((op): op is OutboxOp => op !== undefined),
    ...newer.filter((op) => wanted.has(recordKey(op))),
  ]
}

/** The version each answered record has in the mirror now, by `keyOf` (none for a row not there). */
async function versionsInMirror(ctx: EngineContext, answered: { op: OutboxOp; doc: MirrorRow }[]) {
  const ids = new Map<MirroredName, string[]>()
  for (const { op, doc } of answered) addTo(ids, op.collection, doc.id)
  const versions = new Map<string, number>()
  await Promise.all(
    [...ids].map(async ([collection, keys]) => {
      for (const row of await mirrorOf(ctx.db, collection).bulkGet(keys))
        if (row) versions.set(keyOf(collection, row.id), row.version)
    }),
  )
  return versions
}

/** Adds `value` to its group. */
function addTo<K, V>(groups: Map<K, V[]>, key: K, value: V) {
  const group = groups.get(key)
  if (group) group.push(value)
  else groups.set(key, [value])
}

/**
 * The image is on the server. Rows that point at it take the filename the
 * server gave it (sanitised, with a random part no client can guess): its URL
 * is known only from here on. So do the changes still queued that chose it:
 * laid over a doc the server sends before they land, they would bring the
 * device's name back. The local bytes stay as the offline copy.
 */
async function renameUploaded(ctx: EngineContext, op: OutboxOp, image: ImageRef | undefined) {
  const field = mirrored[op.collection].image?.field
  if (!field || !image?.filename) return
  const named = { id: op.recordId, filename: image.filename }
  const pointsAt = (value: unknown) => (value as ImageRef | null | undefined)?.id === op.recordId
  await mirrorOf(ctx.db, op.collection)
    .filter((row) => pointsAt(row[field]))
    .modify((row) => {
      row[field] = named
    })
  await ctx.db.outbox
    .filter((queued) => queued.collection === op.collection && pointsAt(queued.patch[field]))
    .modify((queued) => {
      queued.patch = { ...queued.patch, [field]: named }
    })
}

/** The record was deleted on the server: drop it and everything queued for it, and tell the user what was lost. */
export async function settleGone(ctx: EngineContext, op: OutboxOp) {
  const { db } = ctx
  let name = ''
  await db.transaction('rw', [mirrorOf(db, op.collection), db.outbox, db.notices], async () => {
    name = await dropDeleted(ctx, op.collection, op.recordId)
  })
  tellLost(ctx, op.collection, name)
}

/**
 * Inside a transaction over the record's mirror, the outbox and the notices:
 * remove a record deleted on the server with its queue, keeping a notice of the
 * user's lost changes. Answers the record's name for the message.
 */
export async function dropDeleted(ctx: EngineContext, collection: MirroredName, recordId: string) {
  const { db } = ctx
  const table = mirrorOf(db, collection)
  const row = await table.get(recordId)
  const ops = await opsFor(db, collection, recordId)
  const lost = Object.assign({}, ...ops.map((queued) => queued.patch))
  const name = displayName(collection, row ?? lost)
  await db.outbox.bulkDelete(ops.map((queued) => queued.seq as number))
  await table.delete(recordId)
  const record = { ...fieldsOf(collection, row), ...lost }
  await db.notices.add({
    collection,
    recordId,
    kind: 'deleted-on-server',
    lost,
    record,
    name,
    createdAt: ctx.now(),
  })
  return name
}

export function tellLost(ctx: EngineContext, collection: MirroredName, name: string) {
  const label = mirrored[collection].label
  ctx.notify(
    `${name || `This ${label}`} was deleted by someone else; your changes to it were not saved.`,
    'warning',
  )
}

function displayName(collection: MirroredName, doc: Record<string, unknown>) {
  return mirrored[collection].displayName(doc)
}
