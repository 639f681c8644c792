/**
 * Payload's `where` (docs/api.md) as parameterized SQL.
 * Top-level keys are ANDed; `and`/`or` take arrays of the same shape. Every
 * field and operator is checked against the collection: an unknown one is a
 * 400 naming it, never a database error. User text only ever travels as a
 * bound parameter.
 */
import {
  type AnyColumn,
  and,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import { UUID_PATTERN } from '../../src/domain/fields'
import { globalQuery, isBlankQuery } from '../../src/domain/global-search'
import {
  MAX_SEARCH_PATTERNS,
  MAX_SEARCH_WORD_LENGTH,
  MAX_SEARCH_WORDS,
  searchWords,
} from '../../src/domain/search'
import { escapeLike } from '../db/like'
import { badQuery } from '../refusals'
import { kindOf, type ServerCollection } from './registry'

/**
 * The limits bound the work one query can ask for (docs/api.md "Limits"). PGlite runs one statement at a
 * time for every request and cannot stop one that runs long (db/query-budget.ts), so the worst query the
 * limits admit must stay near a second at 100,000 contacts. Searched words are the costly part: each `like`
 * word or `contains` value is an ILIKE run on every row an index cannot rule out, about 0.1 s at 100,000
 * contacts (MAX_SEARCH_PATTERNS, src/domain/search.ts). Any other condition costs 3–10 ms there, and a
 * list value of a short `in`/`not_in` list about 5 ms (PostgreSQL hashes lists of 9 values or more, not
 * shorter ones), so conditions and list values are bounded too, to a few tenths of a second in all.
 */
export const MAX_WHERE_DEPTH = 5
const MAX_CONDITIONS = 20
/** Values in every `in` / `not_in` list of a query, together. */
const MAX_LIST = 100

export const OPERATORS = [
  'equals',
  'not_equals',
  'like',
  'contains',
  'in',
  'not_in',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'exists',
] as const
type Operator = (typeof OPERATORS)[number]

/** A queryable path: the column its conditions compare, and how its values are checked. */
export interface QueryField {
  name: string
  column: AnyColumn
  /** `search`: the one search rule over the record's search texts (`column` the text, `phones` the digits). */
  kind: 'text' | 'uuid' | 'date' | 'search'
  phones?: AnyColumn
}

/** The virtual path `search`: `where[search][like]=<typed text>` finds what a device's search finds. */
export const SEARCH_PATH = 'search'
type Field = QueryField

/**
 * The queryable paths of a collection: its fields, id, createdAt, updatedAt;
 * `rel.value` for relationships and `image.id` for image references (both
 * compare the id); a rich-text field by its plain text.
 */
export function queryableFields(collection: ServerCollection): Map<string, QueryField> {
  const map = new Map<string, QueryField>()
  const add = (name: string, column: AnyColumn, kind = kindOf(column)) =>
    map.set(name, { name, column, kind })
  add('id', collection.table.id)
  add('createdAt', collection.table.createdAt)
  add('updatedAt', collection.table.updatedAt)
  const { text, phones } = collection.search
  map.set(SEARCH_PATH, { name: SEARCH_PATH, column: text, phones, kind: 'search' })
  for (const field of collection.fields) {
    if (field.kind === 'richText') add(field.name, field.query, 'text')
    else add(field.name, field.column)
    if (field.kind === 'relation') add(`${field.name}.value`, field.column)
    if (field.kind === 'image') add(`${field.name}.id`, field.column)
  }
  return map
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function scalar(field: Field, op: Operator, value: unknown): string | Date {
  if (typeof value !== 'string') throw badQuery(`The value of ${field.name} ${op} must be a single value.`)
  // PostgreSQL text cannot hold one, so no stored value could match it.
  if (value.includes('\u0000'))
    throw badQuery(`The value of ${field.name} ${op} must not contain a NUL character.`)
  if (field.kind === 'uuid' && !UUID_PATTERN.test(value)) {
    throw badQuery(`The value of ${field.name} ${op} must be an id.`)
  }
  if (field.kind === 'date') {
    const date = new Date(value)
    if (Number.isNaN(date.getTime())) throw badQuery(`The value of ${field.name} ${op} must be a date.`)
    return date
  }
  return value
}

interface Walk {
  fields: Map<string, Field>
  conditions: number
  /** The words searched so far: each `like` word and each `contains` value. */
  patterns: number
  /** The values of the `in` / `not_in` lists so far. */
  listed: number
  /** Every path a condition compares. */
  used?: Set<Field>
}

function list(field: Field, op: Operator, value: unknown, walk: Walk): (string | Date)[] {
  const items = Array.isArray(value)
    ? value
    : isRecord(value)
      ? Object.values(value)
      : String(value).split(',')
  if (items.length > MAX_LIST) throw badQuery(`${field.name} ${op} accepts at most ${MAX_LIST} values.`)
  walk.listed += items.length
  if (walk.listed > MAX_LIST)
    throw badQuery(`The in and not_in lists of the where query hold more than ${MAX_LIST} values in all.`)
  return items.map((item) => scalar(field, op, typeof item === 'string' ? item.trim() : item))
}

function textOf(field: Field, op: Operator): SQL | AnyColumn {
  if (field.kind === 'date') throw badQuery(`The operator ${op} cannot be used on ${field.name}.`)
  return field.kind === 'uuid' ? sql`${field.column}::text` : field.column
}

/** Counts more searched words against the query's limits: how many, and how long each. */
function search(walk: Walk, words: string[]) {
  if (words.some((word) => [...word].length > MAX_SEARCH_WORD_LENGTH))
    throw badQuery(`A searched word may be at most ${MAX_SEARCH_WORD_LENGTH} characters.`)
  walk.patterns += words.length
  if (walk.patterns > MAX_SEARCH_PATTERNS)
    throw badQuery(
      `The where query searches for more than ${MAX_SEARCH_PATTERNS} words in all (each like word and contains value counts).`,
    )
}

/** `%`word`%` held in a column, as `String.includes` would say: the search texts are folded already. */
const holds = (column: AnyColumn, text: string) => like(column, `%${escapeLike(text)}%`)

/**
 * `where[search][like]`: true exactly when `matchesGlobal(globalSearchTexts(record), globalQuery(typed))`
 * is (src/domain/global-search.ts). Every word held in the folded text; every number held there as
 * typed, or else the numbers' digit run held in the phones' digits. A blank text matches nothing.
 * Bounded as a `like` is: its typed words count against the query's searched words.
 */
function searchCondition(field: Field, value: unknown, walk: Walk): SQL {
  const typed = String(scalar({ ...field, kind: 'text' }, 'like', value))
  const typedWords = typed.split(/\s+/).filter(Boolean)
  if (typedWords.length > MAX_SEARCH_WORDS)
    throw badQuery(`The value of ${field.name} like may hold at most ${MAX_SEARCH_WORDS} words.`)
  search(walk, typedWords)
  const query = globalQuery(typed)
  if (isBlankQuery(query) || !field.phones) return sql`false`
  const words = query.words.map((word) => holds(field.column, word))
  const numbers = query.numbers.map((number) => holds(field.column, number))
  const asTyped = numbers.length ? and(...numbers) : undefined
  const asDigits = query.digits && numbers.length ? holds(field.phones, query.digits) : undefined
  return and(...words, asDigits ? or(asTyped, asDigits) : asTyped) as SQL
}

function condition(field: Field, op: Operator, value: unknown, walk: Walk): SQL {
  const { column } = field
  if (field.kind === 'search') {
    if (op !== 'like') throw badQuery(`The operator ${op} cannot be used on ${field.name}: use like.`)
    return searchCondition(field, value, walk)
  }
  switch (op) {
    case 'equals':
      return eq(column, scalar(field, op, value))
    case 'not_equals':
      return or(ne(column, scalar(field, op, value)), isNull(column)) as SQL
    case 'in': {
      const values = list(field, op, value, walk)
      return values.length ? inArray(column, values) : sql`false`
    }
    case 'not_in': {
      const values = list(field, op, value, walk)
      return values.length ? (or(notInArray(column, values), isNull(column)) as SQL) : sql`true`
    }
    case 'greater_than':
    case 'greater_than_equal':
    case 'less_than':
    case 'less_than_equal': {
      if (field.kind === 'uuid') throw badQuery(`The operator ${op} cannot be used on ${field.name}.`)
      const compare = { greater_than: gt, greater_than_equal: gte, less_than: lt, less_than_equal: lte }[op]
      return compare(column, scalar(field, op, value))
    }
    case 'like': {
      // Every word must occur, case-insensitively, anywhere, in any order: the devices' rule (src/domain/search.ts).
      const target = textOf(field, op)
      const words = searchWords(String(scalar({ ...field, kind: 'text' }, op, value)))
      if (words.length > MAX_SEARCH_WORDS)
        throw badQuery(`The value of ${field.name} like may hold at most ${MAX_SEARCH_WORDS} words.`)
      search(walk, words)
      if (words.length === 0) return isNotNull(column)
      return and(...words.map((word) => ilike(target, `%${escapeLike(word)}%`))) as SQL
    }
    case 'contains': {
      const target = textOf(field, op)
      const text = String(scalar({ ...field, kind: 'text' }, op, value))
      search(walk, [text])
      return ilike(target, `%${escapeLike(text)}%`)
    }
    case 'exists': {
      if (value !== 'true' && value !== 'false') throw badQuery(`${field.name} exists must be true or false.`)
      // Text fields store '' for "not set": that does not exist either.
      if (field.kind !== 'text') return value === 'true' ? isNotNull(column) : isNull(column)
      return (
        value === 'true' ? and(isNotNull(column), ne(column, '')) : or(isNull(column), eq(column, ''))
      ) as SQL
    }
  }
}

function group(value: unknown, key: string, walk: Walk, depth: number): SQL | undefined {
  const items = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : undefined
  if (!items) throw badQuery(`where ${key} must be a list of conditions.`)
  const parts = items.map((item) => node(item, walk, depth + 1)).filter((part): part is SQL => !!part)
  if (parts.length === 0) return undefined
  return key === 'or' ? or(...parts) : and(...parts)
}

function node(where: unknown, walk: Walk, depth: number): SQL | undefined {
  if (depth > MAX_WHERE_DEPTH)
    throw badQuery(`The where query nests too deeply (at most ${MAX_WHERE_DEPTH} levels).`)
  if (!isRecord(where)) throw badQuery('where must be an object of conditions.')
  const parts: SQL[] = []
  for (const [key, value] of Object.entries(where)) {
    const lower = key.toLowerCase()
    if (lower === 'and' || lower === 'or') {
      const part = group(value, lower, walk, depth)
      if (part) parts.push(part)
      continue
    }
    const field = walk.fields.get(key)
    if (!field) throw badQuery(`The following path cannot be queried: ${key}`)
    walk.used?.add(field)
    if (!isRecord(value) || Object.keys(value).length === 0) {
      throw badQuery(`Give an operator for ${key}, e.g. where[${key}][equals]=…`)
    }
    for (const [op, operand] of Object.entries(value)) {
      if (!(OPERATORS as readonly string[]).includes(op))
        throw badQuery(`Unknown operator "${op}" on ${key}.`)
      if (++walk.conditions > MAX_CONDITIONS)
        throw badQuery(`The where query has more than ${MAX_CONDITIONS} conditions.`)
      parts.push(condition(field, op as Operator, operand, walk))
    }
  }
  return parts.length ? and(...parts) : undefined
}

/**
 * The SQL of a parsed `where` over these paths (undefined when it has no conditions).
 * `used`, when given, collects the paths its conditions compare.
 */
export function buildWhere(
  fields: Map<string, QueryField>,
  where: unknown,
  used?: Set<QueryField>,
): SQL | undefined {
  if (where === undefined || where === '') return undefined
  return node(where, { fields, conditions: 0, patterns: 0, listed: 0, used }, 1)
}
