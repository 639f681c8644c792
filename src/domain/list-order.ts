/**
 * The order of every list, as the server sorts it (server/collections/list.ts):
 * text ignoring case, numbers as they are, nothing (null) last, or first when
 * descending as PostgreSQL does; ties broken by id, ascending either way, so
 * pages never overlap. The device's list index and its fallbacks share it.
 */

export type SortKey = string | number | null

export function sortKeyOf(value: unknown): SortKey {
  if (typeof value === 'string') return value.toLowerCase()
  return typeof value === 'number' ? value : null
}

export function compareListOrder(
  a: { key: SortKey; id: string },
  b: { key: SortKey; id: string },
  descending = false,
): number {
  if (a.key !== b.key) {
    const order = a.key === null ? 1 : b.key === null ? -1 : a.key < b.key ? -1 : 1
    return descending ? -order : order
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** A list order: one field the list shows, ascending or descending. */
export interface ListSort {
  field: string
  descending: boolean
}

/** 'field' or '-field', as a list's state and the server's `sort` parameter spell it. */
export function parseListSort(sort: string): ListSort {
  const descending = sort.startsWith('-')
  return { field: descending ? sort.slice(1) : sort, descending }
}

/**
 * The order after a click on `field`'s header, from `sort` ('' is the list's own, `ownField`
 * ascending): another field sorts ascending, the same field turns descending, and a descending
 * one goes back to the list's own order.
 */
export function nextSort(sort: string, field: string, ownField: string): string {
  const now = parseListSort(sort || ownField)
  if (now.field !== field) return field === ownField ? '' : field
  return now.descending ? '' : `-${field}`
}
