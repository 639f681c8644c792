/**
 * One error handler and one not-found handler for the whole app, so every
 * failure (ours, Fastify's, a plugin's, the database's) answers the error body
 * and bad input never becomes a 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { messages } from '../../src/domain/errors'
import { etagOf } from '../../src/domain/rest'
import { QUERY_CANCELED } from '../db/query-budget'
import { Refused } from '../refusals'
import {
  ApiError,
  badRequest,
  errorItem,
  notFound,
  tooLarge,
  unsupportedMedia,
  uriTooLong,
  validationError,
} from './errors'
import { answerOf } from './refusals'

interface PgLikeError {
  code?: string
  constraint?: string
}

/** Fastify's own 4xx, Postgres data errors and the rest, as an ApiError. */
export function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error
  if (error instanceof Refused) return answerOf(error)
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
  // drizzle wraps the driver's error (DrizzleQueryError), keeping Postgres's in `cause`.
  const database = ((error as { cause?: unknown }).cause ?? error) as PgLikeError
  if (database.code === '23505' && database.constraint === 'users_email_unique') {
    return validationError([{ field: 'email', message: 'A user with this email already exists.' }])
  }
  // Postgres data exceptions (class 22: bad uuid, NUL in text, value too long…) are bad input, not our failure.
  if (typeof database.code === 'string' && database.code.startsWith('22')) return badRequest('Invalid value.')
  if (database.code === QUERY_CANCELED) return queryTimedOut()
  return undefined
}

export const internalError = () => new ApiError(500, errorItem('InternalServerError', messages.generic))

/** Seconds a client is asked to wait before it tries a query that ran out of its budget again. */
const QUERY_RETRY_SECONDS = 5

/**
 * A statement that ran out of its time budget (PostgreSQL's statement_timeout, db/query-budget.ts). 503
 * with Retry-After: the same query usually succeeds once the database is less busy, and the sync client
 * already treats 5xx as "try again later" (src/sync/answers.ts). The message says what else helps.
 */
export const queryTimedOut = () =>
  new ApiError(
    503,
    errorItem(
      'QueryTimeout',
      'The query took too long and was stopped. Try again shortly, or narrow the search.',
    ),
    {},
    { 'retry-after': String(QUERY_RETRY_SECONDS) },
  )

/** Errors the router answers before any route or hook runs: a bad or overlong URL. */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const answer =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? uriTooLong() : badRequest('The URL is not valid.')
  // Answered before any hook runs: the headers every other answer gets from them.
  return reply
    .code(answer.statusCode)
    .headers({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
    .type('application/json')
    .send(answer.body)
}

export function installErrorHandlers(
  app: FastifyInstance,
  fallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined,
) {
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error)
    if (!apiError) request.log.error({ err: error }, 'request failed')
    // Not the client's fault, nor quite ours: worth an operator's eye when it happens often.
    else if (apiError.statusCode === 503) request.log.warn({ err: error }, 'query ran out of its time budget')
    const answer = apiError ?? internalError()
    for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value)
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
