/** Rows ⇄ API docs: camelCase fields + id, version, createdAt, updatedAt; relationships as Payload answers them. */
import type { ServerCollection } from './registry'

export type Row = Record<string, unknown>
export type Doc = Record<string, unknown> & { id: string; version: number }

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value))

export function toDoc(collection: ServerCollection, row: Row): Doc {
  const fields: Row = {}
  for (const name of Object.keys(collection.fields)) {
    const value = row[name] ?? null
    const relationTo = collection.relations[name]
    fields[name] = relationTo ? (value === null ? null : { relationTo, value }) : value
  }
  return {
    id: row.id as string,
    ...fields,
    version: row.version as number,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }
}

/**
 * A field's value in comparable form: a relationship by its id, whether given
 * as `{ relationTo, value }`, a bare id or null. Used by the field-level merge.
 */
export function comparable(collection: ServerCollection, field: string, value: unknown): unknown {
  if (!collection.relations[field]) return value ?? null
  if (value !== null && typeof value === 'object') return (value as { value?: unknown }).value ?? null
  return value ?? null
}

/** 'contact' → 'Contact successfully created.' (Payload's wording with the spec's label). */
export const createdMessage = (collection: ServerCollection) =>
  `${collection.spec.label.charAt(0).toUpperCase()}${collection.spec.label.slice(1)} successfully created.`
export const UPDATED_MESSAGE = 'Updated successfully.'
export const DELETED_MESSAGE = 'Deleted successfully.'
