/**
 * ApiError carries an HTTP status and one item of the error body
 * ({ errors: [{ name, title, message, data? }] }, src/domain/errors.ts).
 * Routes throw these; the error handler turns them (and everything else) into the body.
 */
import type { ApiErrorItem, ErrorBody, FieldError } from '../../src/domain/errors'
import { messages } from '../../src/domain/errors'

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly item: ApiErrorItem,
    /** Extra top-level keys of the body, e.g. the current `doc` of a 412. */
    readonly extra: Record<string, unknown> = {},
    /** Response headers that belong to this answer, e.g. Retry-After of a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(item.message)
    this.name = item.name
  }

  get body(): ErrorBody & Record<string, unknown> {
    return { errors: [this.item], ...this.extra }
  }
}

/** title = message unless told otherwise: the old client reads either (docs/api.md). */
const item = (name: string, message: string, title = message, data?: FieldError[]): ApiErrorItem =>
  data ? { name, title, message, data } : { name, title, message }

export const errorItem = item

export const badRequest = (message: string, data?: FieldError[]) =>
  new ApiError(400, item('BadRequest', message, message, data))

/** A query that cannot run: unknown field or operator, bad paging, too deep. */
export const queryError = (message: string) => new ApiError(400, item('QueryError', message))

/** Payload's wording: 'The following field is invalid: a' / 'The following fields are invalid: a, b'. */
export function validationError(data: FieldError[]) {
  const fields = [...new Set(data.map((entry) => entry.field || 'body'))]
  const message =
    fields.length === 1
      ? `The following field is invalid: ${fields[0]}`
      : `The following fields are invalid: ${fields.join(', ')}`
  return new ApiError(400, item('ValidationError', message, message, data))
}

export const unauthorized = () => new ApiError(401, item('UnauthorizedError', messages.signedOut))
export const badLogin = () =>
  new ApiError(401, item('AuthenticationError', messages.badLogin, 'Login failed'))
export const forbidden = () => new ApiError(403, item('Forbidden', messages.forbidden))
export const notFound = () => new ApiError(404, item('NotFound', messages.notFound))
export const gone = (extra?: Record<string, unknown>) =>
  new ApiError(410, item('GoneError', messages.gone), extra)
export const keyReused = () =>
  new ApiError(
    422,
    item('IdempotencyError', 'This Idempotency-Key was already used for a different request.'),
  )
/** A URL part (an id) longer than the router reads: Fastify's maxParamLength, 100. */
export const uriTooLong = () => new ApiError(414, item('URITooLong', 'A part of the URL is too long.'))
export const tooLarge = (message = 'The request body is too large.') =>
  new ApiError(413, item('PayloadTooLarge', message))
export const unsupportedMedia = (message = 'Send the body as application/json or multipart/form-data.') =>
  new ApiError(415, item('UnsupportedMediaType', message))
const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}
const limited = (message: string, seconds: number) =>
  new ApiError(
    429,
    item('TooManyRequests', message),
    {},
    { 'retry-after': String(Math.max(1, Math.ceil(seconds))) },
  )
/** One session says it has more screens open than the server keeps (realtime/presence.ts). */
export const tooManyScreens = () =>
  new ApiError(429, item('TooManyRequests', 'Too many screens are open at once. Close some and try again.'))
/** Too many attempts from one address, whatever their outcome. */
export const tooManyRequests = (seconds: number) =>
  limited(`Too many attempts. Try again in ${inMinutes(seconds)}.`, seconds)
/** Per account, and the same for an unknown email, so it tells nobody which accounts exist. */
export const signInLocked = (seconds: number) =>
  limited(`Too many failed sign-in attempts. Try again in ${inMinutes(seconds)}.`, seconds)
const resync = (message: string) => new ApiError(410, item('ResyncRequired', message), { resync: true })
/** The change feed no longer reaches back to the client's cursor (tombstones purged). */
export const resyncRequired = () =>
  resync('The change feed no longer reaches back to this cursor; resync from 0.')
/** A cursor this database never issued: the client's state came from another one (a restore). */
export const cursorAhead = () =>
  resync('This cursor is ahead of the server (its database may have been restored); resync from 0.')
/** Answers to requests Node's HTTP parser refused (http/client-error.ts). */
export const headersTooLarge = () =>
  new ApiError(431, item('RequestHeaderFieldsTooLarge', 'The request headers or URL are too large.'))
export const requestTimeout = () =>
  new ApiError(408, item('RequestTimeout', 'The request took too long to arrive.'))
