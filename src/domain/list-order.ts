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
