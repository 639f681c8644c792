/**
 * POST /api/sync/batch: a queue of changes in one request and one write transaction, so a device
 * replays many changes for the cost of one round trip and one commit (docs/api.md, "Batches of
 * changes"). Each change is a create, update or delete the collection routes take (routes/collection.ts),
 * with its own Idempotency-Key, If-Match and answer, in order: a batch whose answer was lost replays
 * safely, change by change, and a change sent alone before answers the same in a batch.
 *
 * A change's write answers what it would alone; only an error of ours past a 4xx (a 500) rolls the
 * whole batch back, and the client then sends the batch once more, then its changes one by one.
 * A run of a single change goes through `createDoc`, `updateDoc` or `deleteDoc`, which follow its row
 * (follow-writes.ts).
 */
import type { FastifyInstance } from 'fastify'
import type { BatchChange, User } from '../../src/domain/rest'
import { deleteDocs } from '../collections/delete-docs'
import { type Actor, actorOf } from '../collections/history'
import { type ServerCollection, serverCollections } from '../collections/registry'
import { updateDocs } from '../collections/update-docs'
import { createDoc, createDocs, deleteDoc, updateDoc, type WriteResult } from '../collections/writes'
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

/** A change as the write it stands for, which may run with its neighbours of the same kind. */
interface Write {
  together: Together
  collection: ServerCollection
  item: RunItem
}

/** The kinds of change, each with its write of many at once. */
type Together = 'create' | 'update' | 'delete'

/** What a change in a run needs: its body, its actor, and but for a create its record and If-Match. */
interface RunItem {
  body: unknown
  actor: Actor
  id?: string
  ifMatch?: number
}

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
    return { together: 'create', collection, item: { body: change.body, actor } }
  }
  if (change.method !== 'PATCH' && change.method !== 'PUT' && change.method !== 'DELETE') throw notFound()
  const recordId = idFrom(id)
  const ifMatch = ifMatchFrom(change.ifMatch)
  const together = change.method === 'DELETE' ? 'delete' : 'update'
  return { together, collection, item: { body: change.body, actor, id: recordId, ifMatch } }
}

/** A change whose write is under way, and what identifies it. */
interface Pending {
  at: number
  key: string
  hash: string
}

/** A run of one kind of change to one collection, written together. */
interface Run {
  together: Together
  collection: ServerCollection
  items: (Pending & RunItem)[]
}

/** A change alone, as its route writes it (one that follows its row: follow-writes.ts). */
function writeAlone(tx: Tx, together: Together, collection: ServerCollection, item: RunItem) {
  const id = item.id as string
  if (together === 'create') return createDoc(tx, collection, item.body, item.actor)
  if (together === 'update') return updateDoc(tx, collection, id, item.body, item.ifMatch, item.actor)
  return deleteDoc(tx, collection, id, item.ifMatch, item.actor)
}

/** Many changes of one kind at once, each with its own outcome, in their order. */
function writeMany(tx: Tx, together: Together, collection: ServerCollection, items: RunItem[]) {
  if (together === 'create') return createDocs(tx, collection, items)
  const records = items.map(({ id, body, ifMatch, actor }) => ({ id: id as string, body, ifMatch, actor }))
  if (together === 'update') return updateDocs(tx, collection, records)
  return deleteDocs(tx, collection, records)
}

/** A run's answers, in its order: one statement for all its rows (a run of one as the change alone). */
async function writeRun(tx: Tx, { together, collection, items }: Run): Promise<StoredAnswer[]> {
  if (items.length === 1) {
    const [only] = items as [(typeof items)[number]]
    return [await attempt(() => writeAlone(tx, together, collection, only))]
  }
  const outcomes = await writeMany(tx, together, collection, items)
  return outcomes.map((outcome) => ('answer' in outcome ? outcome.answer : refusalAnswer(outcome.refused)))
}

/**
 * Each change's answer, in order; the new ones stored under their keys in the same transaction.
 * Neighbouring changes of one kind to one collection run together (`createDocs`, `updateDocs`,
 * `deleteDocs`: a statement for all their rows): a device's queue of new records mostly is such a run,
 * and so is a bulk edit's or a bulk delete's. Runs are written in order.
 */
async function answerBatch(tx: Tx, user: User, changes: BatchChange[]): Promise<StoredAnswer[]> {
  const stored = await storedAnswers(tx, user.id, [...new Set(changes.map((change) => change.key))])
  const fresh = new Map<string, KeyedAnswer>()
  const answers: StoredAnswer[] = []
  const answer = ({ at, key, hash }: Pending, given: StoredAnswer) => {
    fresh.set(key, { hash, status: given.status, body: given.body })
    answers[at] = given
  }
  let run: Run | undefined
  const writeRunNow = async () => {
    const writing = run
    run = undefined
    if (!writing) return
    const outcomes = await writeRun(tx, writing)
    for (const [n, pending] of writing.items.entries()) answer(pending, outcomes[n] as StoredAnswer)
  }
  for (const [at, change] of changes.entries()) {
    const hash = hashOf(change.method, `/api/${change.path}`, JSON.stringify(change.body ?? null))
    // The same key again: the first one's answer must be known before this one is judged.
    if (run?.items.some((pending) => pending.key === change.key)) await writeRunNow()
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
    const { together, collection, item } = write
    // A record's second change in a run waits for its first, as it would alone.
    const again = item.id !== undefined && run?.items.some((pending) => pending.id === item.id)
    if (run && (run.together !== together || run.collection !== collection || again)) await writeRunNow()
    run ??= { together, collection, items: [] }
    run.items.push({ ...pending, ...item })
  }
  await writeRunNow()
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
