/**
 * The server side of each collection spec (src/domain/collections.ts): its
 * table and which of its fields are relationships. Everything else (routes,
 * where, sort, change feed) is generic over these entries, so a new collection
 * is a spec, a table and one line below; the mapped type makes a spec without
 * a table a type error.
 */
import { type AnyColumn, getTableColumns } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { type CollectionName, type CollectionSpec, collections } from '../../src/domain/collections'
import { contacts } from '../db/schema'

/** A table built with docColumns(): what the generic code relies on. */
export type DocTable = PgTable & {
  [K in 'id' | 'version' | 'seq' | 'createdAt' | 'updatedAt' | 'deletedAt']: PgColumn
}

export type FieldKind = 'text' | 'uuid' | 'date'

export interface ServerCollection {
  name: CollectionName
  spec: CollectionSpec
  table: DocTable
  /** The collection's own fields, API name → column (meta columns excluded). */
  fields: Record<string, AnyColumn>
  /** Relationship fields, API name → the collection they point to. */
  relations: Record<string, string>
}

const definitions: { [K in CollectionName]: { table: DocTable; relations: Record<string, string> } } = {
  contacts: { table: contacts, relations: { company: 'companies' } },
}

const META = new Set(['id', 'version', 'seq', 'createdAt', 'updatedAt', 'deletedAt'])

export function kindOf(column: AnyColumn): FieldKind {
  if (column.columnType === 'PgUUID') return 'uuid'
  if (column.columnType === 'PgTimestamp') return 'date'
  return 'text'
}

function define(name: CollectionName): ServerCollection {
  const { table, relations } = definitions[name]
  const fields = Object.fromEntries(
    Object.entries(getTableColumns(table)).filter(([key]) => !META.has(key)),
  ) as Record<string, AnyColumn>
  return { name, spec: collections[name], table, fields, relations }
}

export const serverCollections: ServerCollection[] = (Object.keys(definitions) as CollectionName[]).map(
  define,
)
