/**
 * Idempotency-Key (research/sync.md §3, IETF draft): the answer of a mutating
 * call is stored under (user, key) IN THE SAME TRANSACTION as the change, so a
 * replay after a lost response gets the same answer and the change is applied
 * once. Same key with a different request: 422. Deliberate 4xx answers (ours)
 * are stored too, so a replay answers alike; 5xx are never stored (they roll back).
 */
import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { IDEMPOTENCY_HEADER } from '../../src/domain/api'
import type { Db } from '../db/open'
import { idempotencyKeys } from '../db/schema'
import { type Tx, withWriteLock } from '../db/write'
import { ApiError, badRequest, keyReused } from './errors'

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

/** What makes two requests "the same": method, URL (with query) and body. */
export function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex')
}

/**
 * Runs `change` under the write lock; with a key, answers a stored replay
 * instead, or stores the new answer before committing. Because the key is
 * checked under the same lock every writer takes, a concurrent duplicate waits
 * for the first to commit and then replays it (so the draft's 409 "in flight"
 * cannot happen here; the error handler still maps a key clash to 409).
 */
export function idempotentWrite(
  db: Db,
  request: FastifyRequest,
  userId: string,
  change: (tx: Tx) => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  const key = idempotencyKeyOf(request)
  const hash = key ? requestHash(request) : ''
  return withWriteLock(db, async (tx) => {
    if (!key) return change(tx)
    const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))
    const [stored] = await tx.select().from(idempotencyKeys).where(where)
    if (stored) {
      if (stored.requestHash !== hash) throw keyReused()
      return {
        status: stored.responseStatus,
        body: stored.responseBody as Record<string, unknown>,
        replayed: true,
      }
    }
    let answer: StoredAnswer
    try {
      answer = await change(tx)
    } catch (error) {
      // Our own 4xx are thrown before anything is written, so the transaction is still usable.
      if (!(error instanceof ApiError) || error.statusCode >= 500) throw error
      answer = { status: error.statusCode, body: error.body }
    }
    await tx.insert(idempotencyKeys).values({
      userId,
      key,
      requestHash: hash,
      responseStatus: answer.status,
      responseBody: answer.body,
    })
    return answer
  })
}
