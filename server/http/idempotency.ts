/**
 * Idempotency-Key (docs/sync.md, IETF draft): the answer of a mutating
 * call is stored under (user, key) IN THE SAME TRANSACTION as the change, so a
 * replay after a lost response gets the same answer and the change is applied
 * once. Same key with a different request: 422. Deliberate 4xx answers (ours)
 * are stored too, so a replay answers alike; 5xx are never stored (they roll back).
 */
import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { IDEMPOTENCY_HEADER } from '../../src/domain/rest'
import type { Db } from '../db/open'
import { idempotencyKeys } from '../db/schema'
import { type Tx, withWriteLock } from '../db/write'
import { Refused } from '../refusals'
import { ApiError, badRequest, keyReused } from './errors'
import { answerOf } from './refusals'

export interface StoredAnswer {
  status: number
  body: Record<string, unknown>
  /** True when this answer is a replay of a stored one. */
  replayed?: boolean
}

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/

export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) {
    throw badRequest('Idempotency-Key must be 1 to 200 visible ASCII characters.')
  }
  return value
}

/**
 * What makes two requests "the same": method, URL (with query) and body. A
 * multipart upload has no parsed body; its route passes a digest of its parts.
 */
export function requestHash(request: FastifyRequest, body?: string): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${body ?? JSON.stringify(request.body ?? null)}`)
    .digest('hex')
}

/** Thrown to roll a change back when its key turns out to be taken: the stored answer wins. */
class AlreadyAnswered extends Error {}

async function storedAnswer(db: Db, userId: string, key: string, hash: string): Promise<StoredAnswer> {
  const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))
  const [stored] = await db.select().from(idempotencyKeys).where(where)
  if (!stored) throw new Error('idempotency key vanished between conflict and read')
  if (stored.requestHash !== hash) throw keyReused()
  return {
    status: stored.responseStatus,
    body: stored.responseBody as Record<string, unknown>,
    replayed: true,
  }
}

/**
 * Runs `change` under the write lock and, with a key, stores its answer in the
 * same transaction. Optimistic, because replays are rare and every statement
 * counts when a client replays its outbox: the change runs first and the key
 * is inserted ON CONFLICT DO NOTHING; only when the key was already there is
 * the change rolled back and the stored answer (or a 422, for another request
 * under the same key) given instead. A concurrent duplicate waits for the lock,
 * finds the first one's key and replays it, so the draft's 409 "in flight"
 * cannot happen here.
 *
 * Before anything else, inside the transaction, the caller is judged again
 * (http/access.ts, confirmAccess): a body held back until its session ended
 * acts as nobody. That refusal is never stored under the key: the same
 * request, sent again from a live session, must still be able to land.
 */
export async function idempotentWrite(
  db: Db,
  request: FastifyRequest,
  userId: string,
  change: (tx: Tx) => Promise<StoredAnswer>,
  /** For bodies Fastify did not parse (multipart): what identifies this request's content. */
  body?: string,
): Promise<StoredAnswer> {
  const key = idempotencyKeyOf(request)
  if (!key)
    return withWriteLock(db, async (tx) => {
      await request.confirmAccess(tx)
      return change(tx)
    })
  const hash = requestHash(request, body)
  try {
    return await withWriteLock(db, async (tx) => {
      await request.confirmAccess(tx)
      let answer: StoredAnswer
      try {
        answer = await change(tx)
      } catch (error) {
        // Our own 4xx are thrown before anything is written, so the transaction is still usable.
        const refused = error instanceof Refused ? answerOf(error) : error
        if (!(refused instanceof ApiError) || refused.statusCode >= 500) throw error
        answer = { status: refused.statusCode, body: refused.body }
      }
      const [stored] = await tx
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash: hash, responseStatus: answer.status, responseBody: answer.body })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key })
      if (!stored) throw new AlreadyAnswered()
      return answer
    })
  } catch (error) {
    if (!(error instanceof AlreadyAnswered)) throw error
    return storedAnswer(db, userId, key, hash)
  }
}
