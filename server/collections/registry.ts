/**
 * The server side of each collection spec (src/domain/collections.ts): its
 * table and how each API field maps to columns. Everything else (routes,
 * where, sort, writes, change feed) is generic over these entries: a new field
 * is its definition, its column and a migration, and a new collection adds a
 * line below (docs/entities.md); the mapped type makes a spec without a table
 * a type error.
 */
import { type AnyColumn, getTableColumns } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { type CollectionName, type CollectionSpec, collections } from '../../src/domain/collections'
import { sortsList } from '../../src/domain/fields'
import type { ImageKind } from '../../src/domain/images'
import { companies, contacts, industries, products, services } from '../db/schema'

/** A table built with docColumns(): what the generic code relies on. */
export type DocTable = PgTable & {
  [K in
    | 'id'
    | 'version'
    | 'seq'
    | 'createdAt'
    | 'updatedAt'
    | 'deletedAt'
    | 'searchText'
    | 'searchPhones']: PgColumn
}

/** How a field is stored, answered and queried. */
export type FieldKind = 'text' | 'uuid' | 'date' | 'relation' | 'image' | 'richText'

export interface ServerField {
  /** The API's name for it. */
  name: string
  /** The table's key for its column (the catalog's image column is `image` under three API names). */
  key: string
  column: AnyColumn
  kind: FieldKind
  /** What where and sort compare: the column itself, or a rich-text field's plain-text column. */
  query: AnyColumn
  /** The key of that plain-text column, rewritten on every write of a rich-text field. */
  plainTextKey?: string
  relationTo?: CollectionName
  imageKind?: ImageKind
}

export interface ServerCollection {
  name: CollectionName
  spec: CollectionSpec
  table: DocTable
  fields: ServerField[]
  byName: Map<string, ServerField>
  /** What `sort` accepts: the list's columns and the record's metadata (sortableOf). */
  sortable: ReadonlySet<string>
  /** The columns of the texts `where[search][like]` matches (search-texts.ts). */
  search: { text: AnyColumn; phones: AnyColumn }
}

interface Definition {
  table: DocTable
  /** Rich-text fields → the column key of their plain text. */
  plainText?: Record<string, string>
}

const catalog = (table: DocTable): Definition => ({ table, plainText: { description: 'descriptionText' } })

const definitions: { [K in CollectionName]: Definition } = {
  contacts: { table: contacts },
  companies: { table: companies },
  industries: catalog(industries),
  services: catalog(services),
  products: catalog(products),
}

/** The record's metadata, and the search texts derived from its fields: columns that are no field. */
const META = new Set([
  'id',
  'version',
  'seq',
  'createdAt',
  'updatedAt',
  'deletedAt',
  'searchText',
  'searchPhones',
])

/** The record metadata any Payload client may sort a list by, whatever the list shows. */
export const SORTABLE_META = ['id', 'createdAt', 'updatedAt'] as const

/**
 * What a list may be sorted by: the fields the device's list sorts by (sortsList, src/domain/fields.ts:
 * its columns but rich text), and the record metadata. Any other field is refused (a 400).
 */
function sortableOf(spec: CollectionSpec, fields: ServerField[]): Set<string> {
  const columns = fields.filter((field) => {
    const definition = spec.fields?.[field.name]
    return definition !== undefined && sortsList(definition)
  })
  return new Set([...SORTABLE_META, ...columns.map((field) => field.name)])
}

/** The kind of a plain column, for where's value checks. */
export function kindOf(column: AnyColumn): 'text' | 'uuid' | 'date' {
  if (column.columnType === 'PgUUID') return 'uuid'
  if (column.columnType === 'PgTimestamp') return 'date'
  return 'text'
}

function define(name: CollectionName): ServerCollection {
  const spec = collections[name]
  const { table, plainText = {} } = definitions[name]
  const columns = getTableColumns(table) as Record<string, AnyColumn>
  const derived = new Set(Object.values(plainText))
  const fields: ServerField[] = []
  for (const [key, column] of Object.entries(columns)) {
    if (META.has(key) || derived.has(key)) continue
    const isImage = spec.image !== undefined && key === 'image'
    const fieldName = isImage ? (spec.image?.field ?? key) : key
    const relationTo = spec.relations[fieldName] as CollectionName | undefined
    const plainTextKey = plainText[fieldName]
    const query = plainTextKey ? (columns[plainTextKey] as AnyColumn) : column
    const kind: FieldKind = isImage
      ? 'image'
      : relationTo
        ? 'relation'
        : plainTextKey
          ? 'richText'
          : kindOf(column)
    const imageKind = isImage ? spec.image?.kind : undefined
    fields.push({ name: fieldName, key, column, kind, query, plainTextKey, relationTo, imageKind })
  }
  const byName = new Map(fields.map((field) => [field.name, field]))
  const search = { text: table.searchText, phones: table.searchPhones }
  return { name, spec, table, fields, byName, sortable: sortableOf(spec, fields), search }
}

export const serverCollections: ServerCollection[] = (Object.keys(definitions) as CollectionName[]).map(
  define,
)

export const collectionByName = new Map(serverCollections.map((collection) => [collection.name, collection]))
