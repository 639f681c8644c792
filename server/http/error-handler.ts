/**
 * One error handler and one not-found handler for the whole app, so every
 * failure (ours, Fastify's, a plugin's, the database's) answers the error body
 * and bad input never becomes a 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { etagOf } from '../../src/domain/api'
import { messages } from '../../src/domain/errors'
import {
  ApiError,
  badRequest,
  conflictInFlight,
  errorItem,
  notFound,
  tooLarge,
  unsupportedMedia,
} from './errors'

interface PgLikeError {
  code?: string
  constraint?: string
}

/** Fastify's own 4xx, Postgres data errors and the rest, as an ApiError. */
export function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error
  const fastify = error as Partial<FastifyError> & PgLikeError
  const status = fastify.statusCode
  if (status === 413 || fastify.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return tooLarge()
  if (status === 415 || fastify.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return unsupportedMedia()
  if (
    fastify.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    fastify.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    (error instanceof SyntaxError && status === 400)
  ) {
    return badRequest('The request body is not valid JSON.')
  }
  if (status && status >= 400 && status < 500) {
    return new ApiError(status, errorItem('BadRequest', fastify.message || messages.generic))
  }
  // A second request with the same Idempotency-Key that slipped past the lock (it cannot today).
  if (fastify.code === '23505' && fastify.constraint?.startsWith('idempotency_keys'))
    return conflictInFlight()
  // Postgres data exceptions (class 22: bad uuid, value too long…) are bad input, not our failure.
  if (typeof fastify.code === 'string' && fastify.code.startsWith('22')) return badRequest('Invalid value.')
  return undefined
}

export const internalError = () => new ApiError(500, errorItem('InternalServerError', messages.generic))

export function installErrorHandlers(
  app: FastifyInstance,
  fallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined,
) {
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error)
    if (!apiError) request.log.error({ err: error }, 'request failed')
    const answer = apiError ?? internalError()
    if (answer.statusCode === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60')
    // A 412 carries the current doc: its ETag lets the client retry against it.
    const version = (answer.extra.doc as { version?: unknown } | undefined)?.version
    if (typeof version === 'number') reply.header('etag', etagOf(version))
    return reply.code(answer.statusCode).type('application/json').send(answer.body)
  })

  app.setNotFoundHandler((request, reply) => {
    const served = fallback?.(request, reply)
    if (served) return served
    return reply.code(404).send(notFound().body)
  })
}
