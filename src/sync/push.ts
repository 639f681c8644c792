/**
 * Replays the outbox against the API, oldest first. Ops of one record go one at
 * a time in order; an op also waits for the ops named in its `deps`. Different
 * records go together: in batches of up to MAX_BATCH_CHANGES per request
 * (docs/api.md, "Batches of changes"), a few requests at a time. A failed or
 * conflicting op blocks only its own record (and what depends on it), never the
 * whole queue; an op that had trouble before, and an upload, goes alone.
 */

import type { OutpostDb } from '../db/database'
import type { OutboxOp } from '../db/outbox-types'
import { type ErrorBody, isErrorBody, messages, savingErrorText } from '../domain/errors'
import { type BatchAnswer, MAX_BATCH_CHANGES } from '../domain/rest'
import { createRequest, deleteRequest, sendBatch, updateRequest, uploadImage } from '../transport/calls'
import { type ApiRequest, NetworkError } from '../transport/http'
import { outcomeOf, retryDelay } from './answers'
import type { EngineContext } from './context'
import { type Landed, type RoundQueue, recordKey, settleGone, settleLanded } from './settle'

export type PushResult = 'ok' | 'offline' | 'auth'

/**
 * Landed ops are settled locally in batches of this many (one IndexedDB commit each). An import's
 * 30,000 creates were all on the server 28 s after going back online, and their settles of 100 each
 * ran 26 s more in Chromium; of 1,000, the outbox was empty 42 s after going online against 54 s
 * (fewer commits, change-feed posts and reads of the rows by the list). A round smaller than this
 * settles once, when its last answer is in.
 */
const SETTLE_BATCH = 1_000

/**
 * Requests in flight at once. Each op costs a round trip, so on a site's slow
 * network a long queue drains several times faster with a few at once; the
 * server still applies writes one at a time, and browsers open six
 * connections to a host, which leaves room for the pull and the screens.
 */
const PUSH_CONCURRENCY = 4

/** The bytes of a queued upload are gone (storage cleared under us): it can never be sent. */
class MissingImageError extends Error {}

/** The request a queued create, update or delete stands for. */
function requestOf(op: OutboxOp): ApiRequest {
  if (op.kind === 'create') return createRequest(op.collection, op, { id: op.recordId, ...op.patch })
  if (op.kind === 'update') return updateRequest(op.collection, op.recordId, op)
  return deleteRequest(op.collection, op.recordId, op)
}

async function send(ctx: EngineContext, op: OutboxOp) {
  const { transport } = ctx
  if (op.kind === 'upload') {
    const image = await ctx.db.images.get(op.recordId)
    if (!image) throw new MissingImageError()
    return uploadImage(transport, image.kind, op.opId, image)
  }
  return transport(requestOf(op))
}

/**
 * The characters of JSON a batch carries at most: well under the server's 1 MB body limit even when
 * every character takes three bytes. A change larger than this goes alone.
 */
const BATCH_CHARS = 256 * 1024

/**
 * A round's ops as the requests that carry them, oldest first: an upload (multipart), and an op that
 * had trouble before (so one change the server cannot take never holds a batch back), go alone; the
 * rest in batches of up to MAX_BATCH_CHANGES and BATCH_CHARS. A batch of one goes alone too. An op
 * whose batch failed as a whole once (a deploy's 502, say) is tried in a batch again: only a second
 * such failure sends it alone.
 */
function requestsFor(ready: OutboxOp[]): OutboxOp[][] {
  const units: OutboxOp[][] = []
  let batch: OutboxOp[] = []
  let chars = 0
  const close = () => {
    if (batch.length > 0) units.push(batch)
    batch = []
    chars = 0
  }
  for (const op of ready) {
    const size =
      op.kind === 'upload' || (op.lastError && op.lastError.wholeBatches !== 1)
        ? Number.POSITIVE_INFINITY
        : JSON.stringify(op.patch).length + JSON.stringify(op.base).length
    if (size > BATCH_CHARS) {
      units.push([op])
      continue
    }
    if (batch.length === MAX_BATCH_CHANGES || chars + size > BATCH_CHARS) close()
    batch.push(op)
    chars += size
  }
  close()
  return units
}

/**
 * Ops that may be sent now, in order: the first queued op of each record, if due and unblocked. `ops`
 * is the queue from its oldest op on, all of it or its first part; `queuedBeyond` says which of the
 * deps not among `ops` are queued still (none can be, when `ops` is the whole queue).
 */
function sendable(ops: readonly OutboxOp[], now: number, queuedBeyond: ReadonlySet<string> = new Set()) {
  const seenRecords = new Set<string>()
  const queued = new Set(ops.map((op) => op.opId))
  const ready: OutboxOp[] = []
  for (const op of ops) {
    const key = recordKey(op)
    if (seenRecords.has(key)) continue
    seenRecords.add(key)
    if (op.status !== 'pending' || op.nextAttemptAt > now) continue
    if (op.deps.some((dep) => queued.has(dep) || queuedBeyond.has(dep))) continue
    ready.push(op)
  }
  return ready
}

/** The whole queue, and what of it is sendable. */
async function whole(db: OutpostDb, now: number) {
  const queue = await db.outbox.orderBy('seq').toArray()
  return { queue, chosen: sendable(queue, now) }
}

/** How many ops a round after one that found no network reads at a time, looking for a batch to send. */
const PROBE_READ = 1_000

/**
 * The queue's first ops, `PROBE_READ` more at a time until `most` of them are sendable or the queue
 * ends, and those sendable. An op's earlier ops are all in the part read (seqs only grow), and a
 * dep beyond it is looked up by its opId. While an import was saved offline, each try of the sync
 * read the whole growing outbox for its one batch: 13 reads of 50,000-100,000 ops, 13.5 s in
 * Chromium beside the import's own writes.
 */
async function firstSendable(db: OutpostDb, now: number, most: number) {
  const queue: OutboxOp[] = []
  for (;;) {
    const after = queue.at(-1)?.seq ?? 0
    const more = await db.outbox.where(':id').above(after).limit(PROBE_READ).toArray()
    queue.push(...more)
    const known = new Set(queue.map((op) => op.opId))
    const beyond = [...new Set(queue.flatMap((op) => op.deps).filter((dep) => !known.has(dep)))]
    const queuedBeyond = new Set(
      beyond.length ? (await db.outbox.where('opId').anyOf(beyond).toArray()).map((op) => op.opId) : [],
    )
    const chosen = sendable(queue, now, queuedBeyond).slice(0, most)
    if (chosen.length === most || more.length < PROBE_READ) return { queue, chosen }
  }
}

/** What the settles of a round need to know of the queue it was chosen from (settle.ts). */
function roundQueue(queue: readonly OutboxOp[], chosen: readonly OutboxOp[]): RoundQueue {
  const records = new Set(chosen.map(recordKey))
  const sent = new Set(chosen)
  const behind = new Map<string, number[]>()
  for (const op of queue) {
    const record = recordKey(op)
    if (!records.has(record) || sent.has(op)) continue
    const seqs = behind.get(record)
    if (seqs) seqs.push(op.seq as number)
    else behind.set(record, [op.seq as number])
  }
  return { behind, lastSeq: queue.at(-1)?.seq ?? 0 }
}

/**
 * The devices whose last round found no network. Their next round marks one batch's worth of ops, not
 * the whole queue: while an import of 10,000 contacts was saved offline, each try marked its thousands
 * of ops in flight, and back, for a first request that failed (seconds each, beside the import's own
 * writes). Once a request is answered, the rounds take every op that is ready again. (Marking a round a
 * few requests at a time instead stalled the sending behind a busy page's reads: docs/sync.md.)
 */
const foundOffline = new WeakSet<OutpostDb>()

export async function push(ctx: EngineContext): Promise<PushResult> {
  const { db } = ctx
  for (;;) {
    const most = foundOffline.has(db) ? MAX_BATCH_CHANGES : Number.POSITIVE_INFINITY
    // Choosing the batch and marking it in flight is one transaction: a save in between would
    // otherwise merge into an op already chosen, and be sent (and settled) without its edit.
    // From now on each may reach the server, so none takes more edits (they queue behind it).
    const { ready, round } = await db.transaction('rw', db.outbox, async () => {
      const { queue, chosen } = Number.isFinite(most)
        ? await firstSendable(db, ctx.now(), most)
        : await whole(db, ctx.now())
      // Put whole, as read in this transaction: `bulkUpdate` reads every op again first, and marking
      // an import's 47,500 ops took 11.5 s in Chromium.
      await db.outbox.bulkPut(chosen.map((op) => ({ ...op, status: 'inflight', attempts: op.attempts + 1 })))
      return { ready: chosen, round: roundQueue(queue, chosen) }
    })
    if (ready.length === 0) return 'ok'
    const stopped = await sendRound(ctx, ready, round)
    if (stopped === 'offline') foundOffline.add(db)
    else foundOffline.delete(db)
    if (stopped !== 'ok') return stopped
  }
}

/**
 * One round's ops, up to PUSH_CONCURRENCY requests at a time, oldest first.
 * They are all different records, none waiting on another (`sendable`), so
 * their order on the server does not matter. The first 'offline' or 'auth'
 * (or error) stops the round from starting more; what was never started goes
 * back to the queue as it was, once every request under way has answered.
 */
async function sendRound(ctx: EngineContext, ready: OutboxOp[], round: RoundQueue): Promise<PushResult> {
  const units = requestsFor(ready)
  const landed: Landed[] = []
  const answered = new Set<OutboxOp>()
  let next = 0
  let stop: PushResult = 'ok'
  let failure: unknown
  // Landed ops settle behind the sending, in order, SETTLE_BATCH at a time: a sender never waits on
  // the device's database to send its next request. A page that holds a transaction open while its
  // main thread is busy holds the database's writes, and would otherwise hold the replay too.
  let settling = Promise.resolve()
  const settleBehind = () => {
    const batch = landed.splice(0)
    settling = settling
      .then(() => settleLanded(ctx, batch, round))
      .catch((error: unknown) => {
        failure ??= error
      })
  }
  const sender = async () => {
    while (stop === 'ok' && failure === undefined && next < units.length) {
      const unit = units[next++] as OutboxOp[]
      try {
        const result =
          unit.length === 1
            ? await pushOne(ctx, unit[0] as OutboxOp, landed)
            : await pushBatch(ctx, unit, landed)
        for (const op of unit) answered.add(op)
        if (landed.length >= SETTLE_BATCH) settleBehind()
        if (result !== 'ok' && stop === 'ok') stop = result
      } catch (error) {
        failure ??= error
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, units.length) }, sender))
  } finally {
    // What was not answered goes back as it was, before anything else here can throw.
    const unsent = ready.filter((op) => !answered.has(op))
    if (unsent.length)
      await ctx.db.outbox.bulkUpdate(
        unsent.map((op) => ({
          key: op.seq as number,
          changes: { status: 'pending', attempts: op.attempts },
        })),
      )
    await settling
    await settleLanded(ctx, landed, round)
  }
  if (failure !== undefined) throw failure
  return stop
}

async function pushOne(ctx: EngineContext, op: OutboxOp, landed: Landed[]): Promise<PushResult> {
  const { db } = ctx
  const seq = op.seq as number
  let answer: Awaited<ReturnType<typeof send>>
  try {
    answer = await send(ctx, op)
  } catch (error) {
    if (error instanceof MissingImageError) {
      const message = 'An image chosen on this device is no longer stored here; choose it again.'
      await db.outbox.update(seq, { status: 'failed', lastError: { status: 0, message } })
      ctx.notify(message, 'danger')
      return 'ok'
    }
    await db.outbox.update(seq, { status: 'pending' })
    if (error instanceof NetworkError) return 'offline'
    throw error
  }
  return settleAnswer(ctx, op, answer, landed)
}

/**
 * Several ops in one request. Each change's answer counts as if it had been sent alone. A batch the
 * server did not answer change by change (a 5xx rolled it back, a proxy's page) is a 'retry' for
 * each, which then goes alone (`requestsFor`); a 401 pauses them all, as it would one.
 */
async function pushBatch(ctx: EngineContext, ops: OutboxOp[], landed: Landed[]): Promise<PushResult> {
  let answer: Awaited<ReturnType<typeof sendBatch>>
  try {
    answer = await sendBatch(ctx.transport, ops.map(requestOf))
  } catch (error) {
    await ctx.db.outbox.bulkUpdate(
      ops.map((op) => ({ key: op.seq as number, changes: { status: 'pending' } })),
    )
    if (error instanceof NetworkError) return 'offline'
    throw error
  }
  const answers = answer.status === 200 ? answer.body?.answers : undefined
  const changeByChange =
    Array.isArray(answers) &&
    answers.length === ops.length &&
    answers.every((each) => typeof each?.status === 'number')
  // A refusal of the batch as a whole (a 400 or 413: a batch this client should not have made) is
  // taken as a 502: retried, in a batch once more, then change by change, where each gets the answer
  // that is its own.
  const status = answer.status === 401 || answer.status >= 500 ? answer.status : 502
  let result: PushResult = 'ok'
  for (const [index, op] of ops.entries()) {
    const settled = changeByChange
      ? await settleAnswer(ctx, op, answers[index] as BatchAnswer, landed)
      : await settleAnswer(ctx, op, { status, body: answer.body }, landed, {
          wholeBatches: (op.lastError?.wholeBatches ?? 0) + 1,
        })
    if (settled === 'auth') result = 'auth'
  }
  return result
}

/** What one op's answer means for it (sync/answers.ts): landed, gone, paused, retried, conflicting or failed. */
async function settleAnswer(
  ctx: EngineContext,
  op: OutboxOp,
  answer: { status: number; body: unknown },
  landed: Landed[],
  /** What the answer was to: a batch that failed as a whole, how many times in a row. */
  whole: { wholeBatches?: number } = {},
): Promise<PushResult> {
  const { db } = ctx
  const seq = op.seq as number
  const attempts = op.attempts + 1
  const body = isErrorBody(answer.body) ? (answer.body as ErrorBody) : undefined
  const lastError = { status: answer.status, message: savingErrorText(body), body, ...whole }
  switch (outcomeOf(answer.status, op.kind)) {
    case 'done':
      landed.push({ op, doc: (answer.body as { doc?: unknown } | undefined)?.doc })
      return 'ok'
    case 'gone':
      await settleGone(ctx, op)
      return 'ok'
    case 'auth':
      // Nothing is lost: the op waits, untouched, until the user signs in again.
      await db.outbox.update(seq, { status: 'pending', attempts: op.attempts })
      return 'auth'
    case 'retry':
      await db.outbox.update(seq, {
        status: 'pending',
        nextAttemptAt: ctx.now() + retryDelay(attempts, ctx.random),
        lastError,
      })
      return 'ok'
    case 'conflict': {
      const serverDoc = (answer.body as { doc?: Record<string, unknown> } | undefined)?.doc
      await db.outbox.update(seq, { status: 'conflict', lastError, serverDoc })
      ctx.notify(lastError.message, 'danger')
      return 'ok'
    }
    case 'failed':
      await db.outbox.update(seq, { status: 'failed', lastError })
      ctx.notify(body ? lastError.message : messages.generic, 'danger')
      return 'ok'
  }
}
