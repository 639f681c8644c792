/**
 * POST /api/sync/batch: a queue of changes in one request and one write transaction, so a device
 * replays many changes for the cost of one round trip and one commit (docs/api.md, "Batches of
 * changes"). Each change is a create, update or delete the collection routes take (routes/collection.ts),
 * with its own Idempotency-Key, If-Match and answer, in order: a batch whose answer was lost replays
 * safely, change by change, and a change sent alone before answers the same in a batch.
 *
 * A change's write answers what it would alone; only an error of ours past a 4xx (a 500) rolls the
 * whole batch back, and the client then sends the batch once more, then its changes one by one.
 * A run of a single create goes through `createDoc`, which follows its row (follow-writes.ts).
 */
import type { FastifyInstance } from 'fastify'
import type { BatchChange, User } from '../../src/domain/rest'
import { type Actor, actorOf } from '../collections/history'
import { type ServerCollection, serverCollections } from '../collections/registry'
import {
  type CreateOutcome,
  createDoc,
  createDocs,
  deleteDoc,
  updateDoc,
  type WriteResult,
} from '../collections/writes'
import type { Db } from '../db/open'
import { type Tx, withWriteLock } from '../db/write'
import { SIGNED_IN } from '../http/access'
import { parseBatch } from '../http/batch-body'
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

/** A change as the write it stands for: a create (which may run with its neighbours) or another. */
type Write =
  | { create: ServerCollection; body: unknown; actor: Actor }
  | { create?: undefined; run: (tx: Tx) => Promise<WriteResult> }

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
    return { create: collection, body: change.body, actor }
  }
  if (change.method !== 'PATCH' && change.method !== 'PUT' && change.method !== 'DELETE') throw notFound()
  const recordId = idFrom(id)
  const ifMatch = ifMatchFrom(change.ifMatch)
  if (change.method === 'DELETE') return { run: (tx) => deleteDoc(tx, collection, recordId, ifMatch, actor) }
  return { run: (tx) => updateDoc(tx, collection, recordId, change.body, ifMatch, actor) }
}

/** A change whose write is under way, and what identifies it. */
interface Pending {
  at: number
  key: string
  hash: string
}

/**
 * Each change's answer, in order; the new ones stored under their keys in the same transaction.
 * Neighbouring creates of one collection run together (`createDocs`: a statement for all their rows),
 * which a device's queue of new records mostly is; any other change runs after them, in order.
 */
async function answerBatch(tx: Tx, user: User, changes: BatchChange[]): Promise<StoredAnswer[]> {
  const stored = await storedAnswers(tx, user.id, [...new Set(changes.map((change) => change.key))])
  const fresh = new Map<string, KeyedAnswer>()
  const answers: StoredAnswer[] = []
  const answer = ({ at, key, hash }: Pending, given: StoredAnswer) => {
    fresh.set(key, { hash, status: given.status, body: given.body })
    answers[at] = given
  }
  let creates: (Pending & { body: unknown; actor: Actor })[] = []
  let collection: ServerCollection | undefined
  const runCreates = async () => {
    const run = creates
    creates = []
    if (run.length === 0 || !collection) return
    if (run.length === 1) {
      const [only] = run as [(typeof run)[number]]
      answer(only, await attempt(() => createDoc(tx, collection as ServerCollection, only.body, only.actor)))
      return
    }
    const outcomes = await createDocs(tx, collection, run)
    run.forEach((pending, n) => {
      const outcome = outcomes[n] as CreateOutcome
      answer(pending, 'answer' in outcome ? outcome.answer : refusalAnswer(outcome.refused))
    })
  }
  for (const [at, change] of changes.entries()) {
    const hash = hashOf(change.method, `/api/${change.path}`, JSON.stringify(change.body ?? null))
    // The same key again: the first one's answer must be known before this one is judged.
    if (creates.some((pending) => pending.key === change.key)) await runCreates()
    const earlier = stored.get(change.key) ?? fresh.get(change.key)
    if (earlier) {
      answers[at] = replayOf(earlier, hash)
      continue
    }
    let write: Write
    try {
      write = writeOf(change, user)
    } catch (error) {
      answers[at] = refusalAnswer(error)
      continue
    }
    const pending = { at, key: change.key, hash }
    if (write.create !== collection || !write.create) await runCreates()
    if (write.create) {
      collection = write.create
      creates.push({ ...pending, body: write.body, actor: write.actor })
    } else {
      const { run } = write
      answer(pending, await attempt(() => run(tx)))
    }
  }
  await runCreates()
  await storeAnswers(tx, user.id, fresh)
  return answers
}

/** A write's answer, or its refusal's. */
async function attempt(write: () => Promise<WriteResult>): Promise<StoredAnswer> {
  try {
    return await write()
  } catch (error) {
    return refusalAnswer(error)
  }
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
