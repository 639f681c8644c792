/**
 * A record's history in the product's words: each change as a line saying who did what, and a
 * line per field with its value before and after. A relation names the record it points at when
 * this device has it; a long value is cut short.
 */
import { type CollectionName, collections } from '../../domain/collections'
import type { HistoryEntry } from '../../domain/history'
import { toPlainText } from '../../domain/rich-text'

export interface HistoryLine {
  title: string
  details: string[]
}

/** A related record's name by its id, when this device has it. */
export type NameOf = (collection: string, id: string) => string | undefined

const MAX_SHOWN = 60

export const labelOf = (collection: CollectionName, field: string) =>
  collections[collection].fields?.[field]?.label ?? field

const quoted = (text: string) => `“${text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text}”`

/** A field's value as a person reads it. */
export function shown(collection: CollectionName, field: string, value: unknown, nameOf: NameOf): string {
  if (value === null || value === undefined || value === '') return '(empty)'
  const definition = collections[collection].fields?.[field]
  if (definition?.widget === 'image') return 'an image'
  const target = definition?.relation?.collection
  if (target) {
    // The server keeps a relation by its id; a device's pending change holds `{ relationTo, value }`.
    const id = typeof value === 'string' ? value : (value as { value?: unknown }).value
    if (typeof id !== 'string') return `a new ${collections[target as CollectionName].label}`
    return quoted(nameOf(target, id) ?? 'a record no longer here')
  }
  if (typeof value === 'string') return quoted(value)
  // A rich text's words (the server keeps them as words; a device's pending change holds the blocks).
  if (typeof value === 'object') return quoted(toPlainText(value as never))
  return quoted(String(value))
}

/** 'Title and Phone', 'Title, Phone and Email'. */
export function listed(names: string[]): string {
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

function changedFields(collection: CollectionName, changes: HistoryEntry['changes'], nameOf: NameOf) {
  return Object.entries(changes ?? {}).map(
    ([field, { from, to }]) =>
      `${labelOf(collection, field)}: ${shown(collection, field, from, nameOf)} → ${shown(collection, field, to, nameOf)}`,
  )
}

/** The related entity's word for a relation change ('company'). */
function relatedWord(collection: CollectionName, changes: HistoryEntry['changes']) {
  const [field] = Object.keys(changes ?? {})
  const target = field ? collections[collection].fields?.[field]?.relation?.collection : undefined
  return target ? collections[target as CollectionName].label : 'record'
}

export function historyLine(collection: CollectionName, entry: HistoryEntry, nameOf: NameOf): HistoryLine {
  const { by, changes } = entry
  const details = changedFields(collection, changes, nameOf)
  switch (entry.action) {
    case 'created':
      return { title: `${by} added it`, details: [] }
    case 'updated':
      return {
        title: `${by} changed ${listed(Object.keys(changes ?? {}).map((field) => labelOf(collection, field)))}`,
        details,
      }
    case 'deleted':
      return { title: `${by} deleted it`, details: [] }
    case 'restored':
      return { title: `${by} restored it from the Trash`, details: [] }
    case 'merged':
      return { title: `${by} merged another ${collections[collection].label} into it`, details }
    case 'unlinked':
      return { title: `${by} deleted the ${relatedWord(collection, changes)} it was linked to`, details }
    case 'relinked':
      return { title: `${by} restored the ${relatedWord(collection, changes)} it was linked to`, details }
  }
}

/** A change made on this device and not sent yet, from its queued fields and the values they were typed over. */
export function pendingLine(
  collection: CollectionName,
  kind: 'create' | 'update',
  patch: Record<string, unknown>,
  base: Record<string, unknown>,
  nameOf: NameOf,
): HistoryLine {
  if (kind === 'create') return { title: 'You added it on this device', details: [] }
  const fields = Object.keys(patch)
  return {
    title: `You changed ${listed(fields.map((field) => labelOf(collection, field)))} on this device`,
    details: fields.map(
      (field) =>
        `${labelOf(collection, field)}: ${shown(collection, field, base[field], nameOf)} → ${shown(collection, field, patch[field], nameOf)}`,
    ),
  }
}
