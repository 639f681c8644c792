/**
 * PostgreSQL text (and jsonb) cannot hold a NUL character; it would fail deep
 * in the database as a nameless 400. Found here first, it is a field error.
 */
import type { FieldError } from '../../src/domain/errors'

export const NUL_MESSAGE = 'Must not contain a NUL character.'

/** Iterative: a body may nest deeper than the call stack reaches (json.ts bounds it, other callers may not). */
const hasNul = (root: unknown): boolean => {
  const pending: unknown[] = [root]
  while (pending.length > 0) {
    const value = pending.pop()
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item)
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) pending.push(key, item)
    }
  }
  return false
}

/** The top-level fields of a body whose value holds a NUL anywhere inside. */
export function nulFields(body: Record<string, unknown>): FieldError[] {
  return Object.entries(body)
    .filter(([key, value]) => hasNul(key) || hasNul(value))
    .map(([field]) => ({ field, message: NUL_MESSAGE }))
}
