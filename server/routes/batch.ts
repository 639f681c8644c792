/**
 * POST /api/sync/batch: a queue of changes in one request and one write transaction, so a device
 * replays many changes for the cost of one round trip and one commit (docs/api.md, "Batches of
 * changes"). Each change is a create, update or delete the collection routes take (routes/collection.ts),
 * with its own Idempotency-Key, If-Match and answer, in order: a batch whose answer was lost replays
 * safely, change by change, and a change sent alone before answers the same in a batch.
 *
 * A change's write answers what it would alone; only an error of ours past a 4xx (a 500) rolls the
 * whole batch back, and the client then sends those changes one by one.
 */
import type { FastifyInstance } from 'fastify'
import type { User } from '../../src/domain/rest'
import { actorOf } from '../collections/history'
import { serverCollections } from '../collections/registry'
import { createDoc, deleteDoc, updateDoc, type WriteResult } from '../collections/writes'
import type { Db } from '../db/open'
import { type Tx, withWriteLock } from '../db/write'
import { SIGNED_IN } from '../http/access'
import { type BatchChange, parseBatch } from '../http/batch-body'
import { notFound } from '../http/errors'
import {
  hashOf,
  type KeyedAnswer,
  refusalAnswer,
  replayOf,
  type StoredAnswer,
  storeAnswers,
  storedAnswers,
} from '../http/idempotency'
import { madeAtFrom } from '../http/made-at'
import { idFrom, ifMatchFrom, userOf } from './collection'

type Write = (tx: Tx) => Promise<WriteResult>

/** Every collection's writes are for the signed-in, as its routes say: the batch route's own access. */
const byPath = new Map(serverCollections.map((collection) => [collection.spec.path, collection]))

/**
 * The write a change stands for, as the collection routes would route it; anything else is the 404
 * of a request no route takes. Its 400s (a bad id, If-Match or time) are thrown as those routes
 * throw them, before its key is looked at, so they are never stored under it.
 */
function writeOf(change: BatchChange, user: User): Write {
  const [path = '', id, ...rest] = change.path.split('/')
  const collection = byPath.get(path)
  if (!collection || rest.length > 0) throw notFound()
  const actor = actorOf(user, change.madeAt === undefined ? undefined : madeAtFrom(change.madeAt))
  if (id === undefined) {
    if (change.method !== 'POST') throw notFound()
    return (tx) => createDoc(tx, collection, change.body, actor)
  }
  if (change.method !== 'PATCH' && change.method !== 'PUT' && change.method !== 'DELETE') throw notFound()
  const recordId = idFrom(id)
  const ifMatch = ifMatchFrom(change.ifMatch)
  if (change.method === 'DELETE') return (tx) => deleteDoc(tx, collection, recordId, ifMatch, actor)
  return (tx) => updateDoc(tx, collection, recordId, change.body, ifMatch, actor)
}

/** Each change's answer, in order; the new ones stored under their keys in the same transaction. */
async function answerBatch(tx: Tx, user: User, changes: BatchChange[]): Promise<StoredAnswer[]> {
  const stored = await storedAnswers(tx, user.id, [...new Set(changes.map((change) => change.key))])
  const fresh = new Map<string, KeyedAnswer>()
  const answers: StoredAnswer[] = []
  for (const change of changes) {
    const hash = hashOf(change.method, `/api/${change.path}`, JSON.stringify(change.body ?? null))
    const earlier = stored.get(change.key) ?? fresh.get(change.key)
    if (earlier) {
      answers.push(replayOf(earlier, hash))
      continue
    }
    let write: Write
    try {
      write = writeOf(change, user)
    } catch (error) {
      answers.push(refusalAnswer(error))
      continue
    }
    let answer: StoredAnswer
    try {
      answer = await write(tx)
    } catch (error) {
      answer = refusalAnswer(error)
    }
    fresh.set(change.key, { hash, status: answer.status, body: answer.body })
    answers.push(answer)
  }
  await storeAnswers(tx, user.id, fresh)
  return answers
}

export function batchRoutes(app: FastifyInstance, db: Db) {
  app.post('/api/sync/batch', { config: { access: SIGNED_IN } }, async (request) => {
    const changes = parseBatch(request.body)
    const user = userOf(request)
    const answers = await withWriteLock(db, async (tx) => {
      // As for a write sent alone (http/idempotency.ts): a body held back past its session acts as nobody.
      await request.confirmAccess(tx)
      return answerBatch(tx, user, changes)
    })
    return { answers }
  })
}
