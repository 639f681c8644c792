/**
 * PostgreSQL text (and jsonb) cannot hold a NUL character; it would fail deep
 * in the database as a nameless 400. Found here first, it is a field error.
 */
import type { FieldError } from '../../src/domain/errors'

export const NUL_MESSAGE = 'Must not contain a NUL character.'

const hasNul = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes('\u0000')
  if (Array.isArray(value)) return value.some(hasNul)
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => hasNul(k) || hasNul(v))
  return false
}

/** The top-level fields of a body whose value holds a NUL anywhere inside. */
export function nulFields(body: Record<string, unknown>): FieldError[] {
  return Object.entries(body)
    .filter(([key, value]) => hasNul(key) || hasNul(value))
    .map(([field]) => ({ field, message: NUL_MESSAGE }))
}
