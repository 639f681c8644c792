/**
 * Idempotency-Key (docs/sync.md, IETF draft): the answer of a mutating
 * call is stored under (user, key) IN THE SAME TRANSACTION as the change, so a
 * replay after a lost response gets the same answer and the change is applied
 * once. Same key with a different request: 422. Deliberate 4xx answers (ours)
 * are stored too, so a replay answers alike; 5xx are never stored (they roll back).
 */
import { createHash } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
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

/** What an Idempotency-Key may be: 1 to 200 visible ASCII characters. */
export const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/

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
  return hashOf(request.method, request.url, body ?? JSON.stringify(request.body ?? null))
}

/** The hash of a request told as its parts: a batch's change is hashed as the request it stands for. */
export const hashOf = (method: string, url: string, body: string) =>
  createHash('sha256').update(`${method} ${url}\n${body}`).digest('hex')

/**
 * A change's own refusal (a 4xx of ours) as the answer to store, or the error thrown on: our 4xx are
 * thrown before anything is written, so the transaction is still usable.
 */
export function refusalAnswer(error: unknown): StoredAnswer {
  const refused = error instanceof Refused ? answerOf(error) : error
  if (!(refused instanceof ApiError) || refused.statusCode >= 500) throw error
  return { status: refused.statusCode, body: refused.body }
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
        answer = refusalAnswer(error)
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

/** An answer stored under a key, with the hash of the request it answered. */
export interface KeyedAnswer {
  hash: string
  status: number
  body: Record<string, unknown>
}

/**
 * For a batch of changes in one write transaction (routes/batch.ts): the answers already stored
 * under these keys, read at once. Under the write lock no other write can store one meanwhile, so
 * what is not found here is free until this transaction commits.
 */
export async function storedAnswers(tx: Tx, userId: string, keys: string[]) {
  const found = new Map<string, KeyedAnswer>()
  if (keys.length === 0) return found
  const rows = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), inArray(idempotencyKeys.key, keys)))
  for (const row of rows)
    found.set(row.key, {
      hash: row.requestHash,
      status: row.responseStatus,
      body: row.responseBody as Record<string, unknown>,
    })
  return found
}

/** Stores a batch's new answers in one statement, in its transaction. */
export async function storeAnswers(tx: Tx, userId: string, answers: Map<string, KeyedAnswer>) {
  if (answers.size === 0) return
  await tx.insert(idempotencyKeys).values(
    [...answers].map(([key, { hash, status, body }]) => ({
      userId,
      key,
      requestHash: hash,
      responseStatus: status,
      responseBody: body,
    })),
  )
}

/** A stored answer given again: the same one when the request is the same, else a 422. */
export function replayOf(stored: KeyedAnswer, hash: string): StoredAnswer {
  if (stored.hash !== hash) {
    const reused = keyReused()
    return { status: reused.statusCode, body: reused.body }
  }
  return { status: stored.status, body: stored.body, replayed: true }
}
