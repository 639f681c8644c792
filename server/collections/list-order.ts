/**
 * A list's order in SQL, and finding one's place in it: the sort values
 * (code-point, case-insensitive text, as devices sort), the id that breaks
 * ties, and the remembered positions (positions.ts) a page can seek to.
 * The plain list (list.ts) and the search (list-search.ts) share them.
 */
import { asc, desc, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/open'
import type { Row } from './docs'
import type { SortKey } from './list-params'
import { type ListOrder, type Position, rememberPosition } from './positions'
import type { QueryField } from './where'

export interface ListSource {
  table: PgTable & { id: PgColumn }
  /** Paths `where` may use. */
  fields: Map<string, QueryField>
  /** The fields `sort` accepts (each one of `fields`); any other is a 400. */
  sortable: ReadonlySet<string>
  defaultSort: string
  /** Always ANDed in: a collection's lists never show tombstones. */
  filter?: SQL
  /** The write-sequence column, when every write stamps it: plain lists then remember their count (counts.ts). */
  seq?: PgColumn
}

/** The page and the paging a list was asked for. */
export interface PlainQuery {
  filter: SQL | undefined
  keys: SortKey[]
  page: number
  limit: number
}

/**
 * One sort key's value. Text sorts ignore case, as people read lists, and
 * compare code points (collate "C") as devices do (src/domain/list-order.ts),
 * whatever collation the database was created with.
 *
 * The lowercasing is ICU's root locale ("und-x-icu"), not the database's:
 * that is Unicode's full case mapping, which is JavaScript's `toLowerCase()`
 * ('İ' → 'i̇', a word's last 'Σ' → 'ς'). The database's own `lower()` depends
 * on how it was created: under a C ctype it lowers ASCII only ('Élodie' then
 * sorts before 'élan' and 'ßeta'), and under libc's C.UTF-8 or en_US it maps
 * one character at a time ('İstanbul' before 'Izmir', which devices put
 * after; PGlite's leaves 'Ⓐ' as it is). PGlite and a PostgreSQL built
 * with ICU (as the packaged builds are) have that collation; docs/api.md.
 *
 * `searching`: the value is written so no index can provide the order. A
 * search that must find every match anyway (for its exact count) sorts its
 * page out of them cheaply; but PostgreSQL's planner, not knowing what ILIKE
 * costs, would rather walk the sort index through all 100,000 rows testing
 * each (140 ms instead of 3 ms for a last name at 100,000 contacts).
 * `|| ''` changes no value.
 */
export function sortValue(source: ListSource, field: string, searching: boolean): SQL {
  const { column, kind } = source.fields.get(field) as QueryField
  if (kind !== 'text') return sql`${column}`
  const text = searching ? sql`(${column} || '')` : sql`${column}`
  return sql`(lower(${text} collate "und-x-icu") collate "C")`
}

/** The requested keys, then the id, which breaks ties so pages never overlap or skip rows. */
export const withId = (keys: SortKey[]): SortKey[] =>
  keys.some((key) => key.field === 'id') ? keys : [...keys, { field: 'id', descending: false }]

export function orderBy(source: ListSource, keys: SortKey[], searching: boolean): SQL[] {
  return withId(keys).map((key) => {
    const value = sortValue(source, key.field, searching)
    return key.descending ? desc(value) : asc(value)
  })
}

export type PageEntry = { row: Row; head?: number; key?: string | null }

/** The id order, or one text field ascending then the id: orders the sort index serves as a seek. */
export function seekable(source: ListSource, keys: SortKey[]): boolean {
  const all = withId(keys)
  if (all.some((key) => key.descending)) return false
  if (all.length === 1) return true
  return all.length === 2 && all[1]?.field === 'id' && source.fields.get(all[0]?.field ?? '')?.kind === 'text'
}

/** The first sort key's value (text), selected with a page to remember where it begins; null when not needed. */
export function positionValue(source: ListSource, keys: SortKey[], wanted: boolean): SQL<string | null> {
  const field = withId(keys)[0]?.field
  return wanted && field !== 'id'
    ? sql<string>`${sortValue(source, field as string, false)}`
    : sql<null>`null`
}

/** Rows at or after a remembered one, in a seekable order. */
export function seekCondition(source: ListSource, keys: SortKey[], from: Position): SQL {
  const { id } = source.table
  if (from.key === null) return sql`${id} >= ${from.id}::uuid`
  const value = sortValue(source, withId(keys)[0]?.field as string, false)
  return sql`(${value}, ${id}) >= (${from.key}::text, ${from.id}::uuid)`
}

/** A seekable list's rows and first sort key, for writes to follow its positions (positions.ts). */
export function listOrderOf(source: ListSource, keys: SortKey[], filter: SQL | undefined): ListOrder {
  const field = withId(keys)[0]?.field as string
  return { table: source.table, filter, value: field === 'id' ? null : sortValue(source, field, false) }
}

/** Remembers where each row of a page read with its head is (a search's: list-search.ts). */
export function rememberEach(db: Db, list: string, order: ListOrder, offset: number, entries: PageEntry[]) {
  entries.forEach((entry, i) => {
    if (entry.head !== undefined)
      rememberPosition(db, list, order, entry.head, {
        offset: offset + i,
        key: entry.key ?? null,
        id: String(entry.row.id),
      })
  })
}

/** Remembers where a page read with its head begins. */
export function rememberFirst(db: Db, list: string, order: ListOrder, offset: number, entries: PageEntry[]) {
  const first = entries[0]
  if (first?.head === undefined) return
  rememberPosition(db, list, order, first.head, { offset, key: first.key ?? null, id: String(first.row.id) })
}

/** The key a list's remembered page positions go under: its count's key and its order. */
export const positionsKey = (countKey: string, keys: SortKey[]) => `${countKey}\u0000${JSON.stringify(keys)}`
