/** A list's paging and sort parameters. Anything out of range is refused as a bad query (a 400). */
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from '../../src/domain/paging'
import { badQuery } from '../refusals'

/** Up to 10 digits: enough for the largest page, 1,000,000,000, and never past a safe integer. */
const INTEGER = /^\d{1,10}$/
const MAX_PAGE = 1_000_000_000

function integer(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined || value === '') return undefined
  if (typeof value !== 'string' || !INTEGER.test(value.trim())) {
    throw badQuery(`${name} must be a whole number between ${min} and ${max}.`)
  }
  const number = Number(value.trim())
  if (number < min || number > max)
    throw badQuery(`${name} must be a whole number between ${min} and ${max}.`)
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
    if (unknown !== undefined) throw badQuery(`Unknown paging parameter page[${unknown}].`)
    number = integer(n, 'page[number]', 1, MAX_PAGE)
    size = integer(s, 'page[size]', 1, MAX_PAGE_SIZE)
  } else {
    number = integer(page, 'page', 1, MAX_PAGE)
  }
  size ??= integer(query.limit, 'limit', 1, MAX_PAGE_SIZE)
  return { page: number ?? FIRST_PAGE, limit: size ?? DEFAULT_PAGE_SIZE }
}

/** The paging of a read that takes nothing else (the Trash, a record's history): any other parameter is a 400. */
export function pagingOnly(query: Record<string, unknown>): Paging {
  const unknown = Object.keys(query).find((key) => key !== 'page' && key !== 'limit')
  if (unknown !== undefined) throw badQuery(`Unknown parameter "${unknown}".`)
  return parsePaging(query)
}

export interface SortKey {
  field: string
  descending: boolean
}

/** `sort=field`, `sort=-field`, or several comma-separated; each must be sortable. */
export function parseSort(value: unknown, allowed: ReadonlySet<string>, fallback: string): SortKey[] {
  const raw = value === undefined || value === '' ? fallback : value
  if (typeof raw !== 'string') throw badQuery('sort must be a field name, optionally prefixed with "-".')
  const keys = raw.split(',').map((part) => part.trim())
  if (keys.length > 5) throw badQuery('sort accepts at most 5 fields.')
  return keys.map((key) => {
    const descending = key.startsWith('-')
    const field = descending ? key.slice(1) : key
    if (!allowed.has(field)) throw badQuery(`Cannot sort by "${field}".`)
    return { field, descending }
  })
}
