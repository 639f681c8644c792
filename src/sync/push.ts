/**
 * Replays the outbox against the API, oldest first. Ops of one record go one at
 * a time in order; an op also waits for the ops named in its `deps`. Different
 * records go a few at a time. A failed or conflicting op blocks only its own
 * record (and what depends on it), never the whole queue.
 */

import type { OutboxOp } from '../db/outbox-types'
import { type ErrorBody, isErrorBody, messages, savingErrorText } from '../domain/errors'
import { createDoc, deleteDoc, updateDoc, uploadImage } from '../transport/calls'
import { NetworkError } from '../transport/http'
import { outcomeOf, retryDelay } from './answers'
import type { EngineContext } from './context'
import { type Landed, settleGone, settleLanded } from './settle'

export type PushResult = 'ok' | 'offline' | 'auth'

/** Landed ops are settled locally in batches of this many (one IndexedDB commit each). */
const SETTLE_BATCH = 100

/**
 * Requests in flight at once. Each op costs a round trip, so on a site's slow
 * network a long queue drains several times faster with a few at once; the
 * server still applies writes one at a time, and browsers open six
 * connections to a host, which leaves room for the pull and the screens.
 */
const PUSH_CONCURRENCY = 4

/** The bytes of a queued upload are gone (storage cleared under us): it can never be sent. */
class MissingImageError extends Error {}

const recordKey = (op: OutboxOp) => `${op.collection}:${op.recordId}`

async function send(ctx: EngineContext, op: OutboxOp) {
  const { transport } = ctx
  if (op.kind === 'upload') {
    const image = await ctx.db.images.get(op.recordId)
    if (!image) throw new MissingImageError()
    return uploadImage(transport, image.kind, op.opId, image)
  }
  if (op.kind === 'create') return createDoc(transport, op.collection, op, { id: op.recordId, ...op.patch })
  if (op.kind === 'update') return updateDoc(transport, op.collection, op.recordId, op)
  return deleteDoc(transport, op.collection, op.recordId, op)
}

/** Ops that may be sent now, in order: the first queued op of each record, if due and unblocked. */
function sendable(ops: OutboxOp[], now: number) {
  const seenRecords = new Set<string>()
  const queued = new Set(ops.map((op) => op.opId))
  const ready: OutboxOp[] = []
  for (const op of ops) {
    const key = recordKey(op)
    if (seenRecords.has(key)) continue
    seenRecords.add(key)
    if (op.status !== 'pending' || op.nextAttemptAt > now) continue
    if (op.deps.some((dep) => queued.has(dep))) continue
    ready.push(op)
  }
  return ready
}

export async function push(ctx: EngineContext): Promise<PushResult> {
  const { db } = ctx
  for (;;) {
    // Choosing the batch and marking it in flight is one transaction: a save in between would
    // otherwise merge into an op already chosen, and be sent (and settled) without its edit.
    // From now on each may reach the server, so none takes more edits (they queue behind it).
    const ready = await db.transaction('rw', db.outbox, async () => {
      const chosen = sendable(await db.outbox.orderBy('seq').toArray(), ctx.now())
      await db.outbox.bulkUpdate(
        chosen.map((op) => ({
          key: op.seq as number,
          changes: { status: 'inflight', attempts: op.attempts + 1 },
        })),
      )
      return chosen
    })
    if (ready.length === 0) return 'ok'
    const stopped = await sendRound(ctx, ready)
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
async function sendRound(ctx: EngineContext, ready: OutboxOp[]): Promise<PushResult> {
  const landed: Landed[] = []
  const answered = new Set<OutboxOp>()
  let next = 0
  let stop: PushResult = 'ok'
  let failure: unknown
  const sender = async () => {
    while (stop === 'ok' && failure === undefined && next < ready.length) {
      const op = ready[next++] as OutboxOp
      try {
        const result = await pushOne(ctx, op, landed)
        answered.add(op)
        if (landed.length >= SETTLE_BATCH) await settleLanded(ctx, landed.splice(0))
        if (result !== 'ok' && stop === 'ok') stop = result
      } catch (error) {
        failure ??= error
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, ready.length) }, sender))
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
    await settleLanded(ctx, landed)
  }
  if (failure !== undefined) throw failure
  return stop
}

async function pushOne(ctx: EngineContext, op: OutboxOp, landed: Landed[]): Promise<PushResult> {
  const { db } = ctx
  const seq = op.seq as number
  const attempts = op.attempts + 1
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
  const body = isErrorBody(answer.body) ? (answer.body as ErrorBody) : undefined
  const lastError = { status: answer.status, message: savingErrorText(body), body }
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
