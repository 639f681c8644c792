/**
 * The order of every list, as the server sorts it (server/collections/list-order.ts):
 * text ignoring case (`toLowerCase`, which is the server's ICU lower) in code
 * point order (the server's collate "C"), numbers as they are, nothing (null)
 * last, or first when descending as PostgreSQL does; ties broken by id,
 * ascending either way, so pages never overlap. The device's list index and
 * its fallbacks share it.
 */

export type SortKey = string | number | null

export function sortKeyOf(value: unknown): SortKey {
  if (typeof value === 'string') return inCodePointOrder(value.toLowerCase())
  return typeof value === 'number' ? value : null
}

/** A code unit from the first surrogate up: only there does UTF-16's order part from code points'. */
const PAST_SURROGATES = /[\uD800-\uFFFF]/

/**
 * `text` rewritten so that `<` (which compares UTF-16 code units) orders it as code points, as
 * the server does: a character past U+FFFF ('😀', two surrogates from U+D800) then comes after
 * U+E000–U+FFFF ('ｚ', 'ﬃ'), not before. Only those code units move (surrogates up by 0x2000,
 * U+E000–U+FFFF down by 0x800, the order within each kept), so any other text is its own key.
 */
function inCodePointOrder(text: string): string {
  if (!PAST_SURROGATES.test(text)) return text
  let key = ''
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    key += String.fromCharCode(unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit)
  }
  return key
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
