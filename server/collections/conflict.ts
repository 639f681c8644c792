/** 412: the version If-Match named has moved on; the body carries the current doc to retry against. */
import { messages } from '../../src/domain/errors'
import { ApiError, errorItem } from '../http/errors'
import type { Doc } from './docs'

export function staleError(fields: string[], doc: Doc) {
  const data = fields.map((field) => ({ field, message: messages.stale }))
  const item = errorItem('ConflictError', messages.stale, messages.stale, data.length ? data : undefined)
  return new ApiError(412, item, { doc })
}

/**
 * The fields of a stale patch whose value moved on since the client's base
 * (all of them without a base): the field-level merge of records and
 * accounts alike. `comparable` says how a field's values compare.
 */
export function movedFields(
  fields: string[],
  current: Record<string, unknown>,
  base: Record<string, unknown> | undefined,
  comparable: (field: string, value: unknown) => unknown,
) {
  if (!base) return fields
  return fields.filter(
    (field) => !(field in base) || comparable(field, current[field]) !== comparable(field, base[field]),
  )
}
