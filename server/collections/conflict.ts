/** 412: the version If-Match named has moved on; the body carries the current doc to retry against. */
import { messages } from '../../src/domain/errors'
import { ApiError, errorItem } from '../http/errors'
import type { Doc } from './docs'

export function staleError(fields: string[], doc: Doc) {
  const data = fields.map((field) => ({ field, message: messages.stale }))
  const item = errorItem('ConflictError', messages.stale, messages.stale, data.length ? data : undefined)
  return new ApiError(412, item, { doc })
}
