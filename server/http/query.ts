/**
 * Query-string parsing (qs, as Payload does: `where[or][0][firstName][like]=x`)
 * and the list's paging and sort parameters. Anything out of range is a 400.
 */
import qs from 'qs'
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from '../../src/domain/paging'
import { queryError } from './errors'

/**
 * qs drops a key named `__proto__` whatever its options, so `where[__proto__][equals]=x`
 * would arrive as an empty `where` and list everything. Its key segments travel under
 * this name instead (decodeURIComponent never yields a lone surrogate) and are renamed
 * back after parsing, so the code that checks names refuses them like any unknown one.
 */
const PROTO = '__proto__'
const PROTO_STAND_IN = '\uDC00proto\uDC00'

const decodeKeepingProto: qs.IParseOptions['decoder'] = (text, decode, charset, type) => {
  const decoded = decode(text, decode, charset)
  if (type !== 'key' || !decoded.includes(PROTO)) return decoded
  return decoded.replace(/^__proto__(?=\[|$)/, PROTO_STAND_IN).replaceAll(`[${PROTO}]`, `[${PROTO_STAND_IN}]`)
}

/** Renames the stand-in keys back; iterative, as the parsed value can be deep. */
function restoreProto(root: Record<string, unknown>) {
  const pending: unknown[] = [root]
  while (pending.length > 0) {
    const value = pending.pop()
    if (value === null || typeof value !== 'object') continue
    const record = value as Record<string, unknown>
    for (const key of Object.keys(record)) {
      const child = record[key]
      pending.push(child)
      if (!key.includes(PROTO_STAND_IN)) continue
      delete record[key]
      // A data property, never the prototype setter (the objects have no prototype anyway).
      Object.defineProperty(record, key.replaceAll(PROTO_STAND_IN, PROTO), {
        value: child,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
  }
  return root
}

/**
 * Fastify's querystringParser. Objects without a prototype (plainObjects) keep
 * keys such as `constructor` or `toString`, which qs would otherwise drop in
 * silence: a filter on them must be refused by name, not ignored.
 */
export const parseQueryString = (raw: string) =>
  restoreProto(qs.parse(raw, { depth: 10, arrayLimit: 100, plainObjects: true, decoder: decodeKeepingProto }))

/** Up to 10 digits: enough for the largest page, 1,000,000,000, and never past a safe integer. */
const INTEGER = /^\d{1,10}$/
const MAX_PAGE = 1_000_000_000

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
    number = integer(n, 'page[number]', 1, MAX_PAGE)
    size = integer(s, 'page[size]', 1, MAX_PAGE_SIZE)
  } else {
    number = integer(page, 'page', 1, MAX_PAGE)
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
