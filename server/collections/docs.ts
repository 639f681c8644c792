/**
 * Rows ⇄ API docs: the API's field names + id, version, createdAt, updatedAt;
 * relationships as Payload answers them (`{ relationTo, value }`), image
 * references as `{ id, filename }`.
 */
import type { ImageRef } from '../../src/domain/images'
import { fromPlainText } from '../../src/domain/rich-text'
import type { Db } from '../db/open'
import { imageNames } from '../images/store'
import type { ServerCollection } from './registry'

export type Row = Record<string, unknown>
export type Doc = Record<string, unknown> & { id: string; version: number }

export const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value))

export const imageRef = (id: unknown, names: ReadonlyMap<string, string>): ImageRef | null =>
  typeof id === 'string' ? { id, filename: names.get(id) ?? '' } : null

export function toDoc(
  collection: ServerCollection,
  row: Row,
  names: ReadonlyMap<string, string> = new Map(),
): Doc {
  const fields: Row = {}
  for (const field of collection.fields) {
    const value = row[field.key] ?? null
    if (field.kind === 'relation')
      fields[field.name] = value === null ? null : { relationTo: field.relationTo, value }
    else if (field.kind === 'image') fields[field.name] = imageRef(value, names)
    else fields[field.name] = value
  }
  return {
    id: row.id as string,
    ...fields,
    version: row.version as number,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }
}

/** Docs of rows, with the filenames of the images they reference read in one query. */
export async function toDocs(db: Db, collection: ServerCollection, rows: Row[]): Promise<Doc[]> {
  const ids = collection.fields
    .filter((field) => field.kind === 'image')
    .flatMap((field) => rows.map((row) => row[field.key]))
    .filter((id): id is string => typeof id === 'string')
  const names = ids.length ? await imageNames(db, ids) : new Map<string, string>()
  return rows.map((row) => toDoc(collection, row, names))
}

export async function toOneDoc(db: Db, collection: ServerCollection, row: Row): Promise<Doc> {
  const [doc] = await toDocs(db, collection, [row])
  return doc as Doc
}

/** JSON with sorted keys: jsonb answers keys in its own order, not the order a client sent. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/**
 * A field's value in comparable form: a relationship or image by its id,
 * whether given as `{ relationTo, value }`, `{ id }`, a bare id or null; rich
 * text by its canonical JSON (a plain string as the paragraphs it becomes).
 * Used by the field-level merge.
 */
export function comparable(collection: ServerCollection, name: string, value: unknown): unknown {
  const field = collection.byName.get(name)
  if (value === null || value === undefined) return null
  if (field?.kind === 'relation' && typeof value === 'object')
    return (value as { value?: unknown }).value ?? null
  if (field?.kind === 'image' && typeof value === 'object') return (value as { id?: unknown }).id ?? null
  if (field?.kind === 'richText') return canonical(typeof value === 'string' ? fromPlainText(value) : value)
  if (typeof value === 'object') return canonical(value)
  return value
}

/** 'contact' → 'Contact successfully created.' (Payload's wording with the spec's label). */
export const createdMessage = (label: string) =>
  `${label.charAt(0).toUpperCase()}${label.slice(1)} successfully created.`
export const UPDATED_MESSAGE = 'Updated successfully.'
export const DELETED_MESSAGE = 'Deleted successfully.'
