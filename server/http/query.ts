/**
 * Query-string parsing (qs, as Payload does: `where[or][0][firstName][like]=x`)
 * and the list's paging and sort parameters. Anything out of range is a 400.
 */
import qs from 'qs'
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from '../../src/domain/paging'
import { queryError } from './errors'

/** Fastify's querystringParser. */
export const parseQueryString = (raw: string) =>
  qs.parse(raw, { depth: 10, arrayLimit: 100 }) as Record<string, unknown>

const INTEGER = /^\d{1,9}$/

function integer(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined || value === '') return undefined
  if (typeof value !== 'string' || !INTEGER.test(value.trim())) {
    throw queryError(`${name} must be a whole number between ${min} and ${max}.`)
  }
  const number = Number(value.trim())
  if (number < min || number > max)
    throw queryError(`${name} must be a whole number between ${min} and ${max}.`)
  return number
}

export interface Paging {
  page: number
  limit: number
}

/** `page[number]` & `page[size]` (the client's form) or plain `page` & `limit` (Payload's). */
export function parsePaging(query: Record<string, unknown>): Paging {
  const page = query.page
  let number: number | undefined
  let size: number | undefined
  if (page !== null && typeof page === 'object' && !Array.isArray(page)) {
    const { number: n, size: s, ...rest } = page as Record<string, unknown>
    const unknown = Object.keys(rest)[0]
    if (unknown !== undefined) throw queryError(`Unknown paging parameter page[${unknown}].`)
    number = integer(n, 'page[number]', 1, 1_000_000_000)
    size = integer(s, 'page[size]', 1, MAX_PAGE_SIZE)
  } else {
    number = integer(page, 'page', 1, 1_000_000_000)
  }
  size ??= integer(query.limit, 'limit', 1, MAX_PAGE_SIZE)
  return { page: number ?? FIRST_PAGE, limit: size ?? DEFAULT_PAGE_SIZE }
}

export interface SortKey {
  field: string
  descending: boolean
}

/** `sort=field`, `sort=-field`, or several comma-separated; each must be sortable. */
export function parseSort(value: unknown, allowed: ReadonlySet<string>, fallback: string): SortKey[] {
  const raw = value === undefined || value === '' ? fallback : value
  if (typeof raw !== 'string') throw queryError('sort must be a field name, optionally prefixed with "-".')
  const keys = raw.split(',').map((part) => part.trim())
  if (keys.length > 5) throw queryError('sort accepts at most 5 fields.')
  return keys.map((key) => {
    const descending = key.startsWith('-')
    const field = descending ? key.slice(1) : key
    if (!allowed.has(field)) throw queryError(`Cannot sort by "${field}".`)
    return { field, descending }
  })
}
