/**
 * The generic collection router: list, get, create, update (PUT and PATCH) and
 * delete under /api/{path}, for any entry of collections/registry.ts; a
 * record's history (`/:id/history`); and for Admins the Trash (`/trash`), a
 * restore from it (`/:id/restore`) and a merge of two records (`/:id/merge`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { UUID_PATTERN } from '../../src/domain/fields'
import { etagOf, versionOfEtag } from '../../src/domain/rest'
import { toOneDoc } from '../collections/docs'
import { actorOf, readHistory } from '../collections/history'
import { listDocs } from '../collections/list'
import { mergeDocs } from '../collections/merge'
import type { ServerCollection } from '../collections/registry'
import { listTrash, restoreDoc } from '../collections/trash'
import { createDoc, deleteDoc, liveRow, updateDoc } from '../collections/writes'
import type { Db } from '../db/open'
import { ADMIN, SIGNED_IN } from '../http/access'
import { badRequest, unauthorized } from '../http/errors'
import { idempotentWrite, type StoredAnswer } from '../http/idempotency'
import { madeAtOf } from '../http/made-at'

type IdRequest = FastifyRequest<{ Params: { id: string } }>

/** A malformed id is the client's bug (400) and never reaches Postgres, which would throw on it. */
export const idOf = (request: IdRequest): string => idFrom(request.params.id)

/** An id as a path spells it: a valid one in lower case, else the 400. */
export function idFrom(id: string): string {
  if (!UUID_PATTERN.test(id))
    throw badRequest(`"${id}" is not a valid id.`, [{ field: 'id', message: 'Must be a valid id.' }])
  return id.toLowerCase()
}

/** If-Match: "<n>" (or W/"<n>"); `*` matches any version; absent means last write wins. */
export const ifMatchOf = (request: FastifyRequest): number | undefined =>
  ifMatchFrom(request.headers['if-match'])

/** An If-Match value: the version it names, undefined for none or `*`, else the 400. */
export function ifMatchFrom(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '*') return undefined
  const version = versionOfEtag(header.trim())
  if (version === undefined) throw badRequest('If-Match must be an ETag such as "3".')
  return version
}

/** Single-doc answers carry the doc's version as a strong ETag. */
export function sendAnswer(reply: FastifyReply, answer: StoredAnswer) {
  const version = answer.body.doc && (answer.body.doc as { version?: unknown }).version
  if (typeof version === 'number') reply.header('etag', etagOf(version))
  if (answer.replayed) reply.header('idempotent-replayed', 'true')
  return reply.code(answer.status).send(answer.body)
}

export const userOf = (request: FastifyRequest) => {
  if (!request.user) throw unauthorized()
  return request.user
}

/** The caller as the record's history names them, with their device's time for the change. */
const actorFor = (request: FastifyRequest) => actorOf(userOf(request), madeAtOf(request))

export function collectionRoutes(
  app: FastifyInstance,
  db: Db,
  collection: ServerCollection,
  { trashDays }: { trashDays: number },
) {
  const base = `/api/${collection.spec.path}`
  const options = { config: { access: SIGNED_IN } }
  const admins = { config: { access: ADMIN } }

  app.get(base, options, async (request) =>
    listDocs(db, collection, request.query as Record<string, unknown>),
  )

  app.get(`${base}/:id`, options, async (request: IdRequest, reply) => {
    const row = await liveRow(db, collection, idOf(request))
    const doc = await toOneDoc(db, collection, row)
    // Payload answers the doc itself, no wrapper.
    return reply.header('etag', etagOf(doc.version)).send(doc)
  })

  app.post(base, options, async (request, reply) => {
    const actor = actorFor(request)
    const answer = await idempotentWrite(db, request, userOf(request).id, (tx) =>
      createDoc(tx, collection, request.body, actor),
    )
    return sendAnswer(reply, answer)
  })

  const update = async (request: IdRequest, reply: FastifyReply) => {
    const id = idOf(request)
    const ifMatch = ifMatchOf(request)
    const actor = actorFor(request)
    const answer = await idempotentWrite(db, request, userOf(request).id, (tx) =>
      updateDoc(tx, collection, id, request.body, ifMatch, actor),
    )
    return sendAnswer(reply, answer)
  }
  app.put(`${base}/:id`, options, update)
  app.patch(`${base}/:id`, options, update)

  app.delete(`${base}/:id`, options, async (request: IdRequest, reply) => {
    const id = idOf(request)
    const ifMatch = ifMatchOf(request)
    const actor = actorFor(request)
    const answer = await idempotentWrite(db, request, userOf(request).id, (tx) =>
      deleteDoc(tx, collection, id, ifMatch, actor),
    )
    return sendAnswer(reply, answer)
  })

  // `/trash` is a static segment: the router prefers it to `/:id`, wherever it is registered.
  app.get(`${base}/trash`, admins, async (request) =>
    listTrash(db, collection, request.query as Record<string, unknown>, trashDays),
  )

  app.post(`${base}/:id/restore`, admins, async (request: IdRequest, reply) => {
    const id = idOf(request)
    const actor = actorFor(request)
    const answer = await idempotentWrite(db, request, userOf(request).id, (tx) =>
      restoreDoc(tx, collection, id, actor, trashDays),
    )
    return sendAnswer(reply, answer)
  })

  app.post(`${base}/:id/merge`, admins, async (request: IdRequest, reply) => {
    const id = idOf(request)
    const actor = actorFor(request)
    const answer = await idempotentWrite(db, request, userOf(request).id, (tx) =>
      mergeDocs(tx, collection, id, request.body, actor),
    )
    return sendAnswer(reply, answer)
  })

  app.get(`${base}/:id/history`, options, async (request: IdRequest) =>
    readHistory(db, collection, idOf(request), request.query as Record<string, unknown>),
  )
}
