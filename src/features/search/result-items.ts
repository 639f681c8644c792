/**
 * What the search popup shows for what was found: per entity a heading (its
 * sidebar label), a row per record (its name and one detail line), and
 * "12 found · search Contacts for “in”" when there are more than the rows shown.
 */
import { type CollectionName, collections, perCollection } from '../../domain/collections'
import { type GlobalQuery, globalSearchFields } from '../../domain/global-search'
import { highlightRanges } from '../../domain/highlight'
import { type RichTextNode, toPlainText } from '../../domain/rich-text'
import { screens } from '../records/screens'
import type { Found } from './global-find'

export type ResultItem =
  | { kind: 'record'; key: string; collection: CollectionName; id: string; name: string; detail: string }
  | { kind: 'all'; key: string; collection: CollectionName; label: string }

export interface ResultGroup {
  collection: CollectionName
  heading: string
  items: ResultItem[]
}

/**
 * The detail line's candidates, best first: the first that shows the match wins, else the first filled.
 * They are the fields the top bar searches (`global`) except the record's name, in the order the list's
 * row shows them, then the rest (a contact: email, phone, title, then mobile).
 */
function detailFields(collection: CollectionName): string[] {
  const { fields } = collections[collection]
  const names = new Set(
    Object.entries(fields).flatMap(([name, { listed }]) =>
      listed?.kind === 'primary' ? [name, listed.cardTitleWith ?? name] : [],
    ),
  )
  // The columns in their order, then what each row keeps besides (a company's email), then the rest.
  const column = (name: string) => {
    const listed = fields[name]?.listed
    return listed ? (listed.column ?? 1000) : 2000
  }
  return globalSearchFields(collection)
    .text.filter((name) => !names.has(name))
    .sort((a, b) => column(a) - column(b))
}
const DETAIL_FIELDS = perCollection(detailFields)

/** Characters of a long value kept before its first match, so the match shows on one line. */
const LEAD = 24

const asText = (value: unknown) =>
  (typeof value === 'string' ? value : Array.isArray(value) ? toPlainText(value as RichTextNode[]) : '')
    .replace(/\s+/g, ' ')
    .trim()

/** One line of a record under its name: where the search matched, when it can show it. */
export function detailLine(collection: CollectionName, row: Record<string, unknown>, query: GlobalQuery) {
  const values = DETAIL_FIELDS[collection].map((field) => asText(row[field])).filter(Boolean)
  for (const value of values) {
    const first = highlightRanges(value, query)[0]
    if (!first) continue
    if (first[0] <= LEAD) return value
    // A description or an address: start a little before the match, at a word, as the line is cut at its end.
    const word = value.indexOf(' ', first[0] - LEAD) + 1
    return `…${value.slice(word > 0 && word <= first[0] ? word : first[0] - LEAD)}`
  }
  return values[0] ?? ''
}

export function resultGroups(found: Found): ResultGroup[] {
  return found.groups.map(({ collection, total, rows }) => {
    const { nav } = screens[collection]
    const items: ResultItem[] = rows.map((row) => ({
      kind: 'record',
      key: `${collection}:${row.id}`,
      collection,
      id: row.id,
      name: collections[collection].displayName(row) || 'No name',
      detail: detailLine(collection, row, found.query),
    }))
    if (total > rows.length)
      items.push({
        kind: 'all',
        key: `${collection}:all`,
        collection,
        // The list searches by the same rule (src/domain/global-search.ts): it shows exactly these.
        label: `${total.toLocaleString('en')} found · search ${nav.label} for “${found.text.trim()}”`,
      })
    return { collection, heading: nav.label, items }
  })
}
