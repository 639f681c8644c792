/**
 * A form's values from a stored record, field by field as each widget holds
 * them: text as strings, a relation as { relationTo, value }, a description as
 * rich text, an image as its reference or a file chosen on this device.
 */
import { jsonEqual } from '../../db/equal'
import { freshEmptyValue, type Relationship } from '../../domain/fields'
import type { ImageRef } from '../../domain/images'
import { emptyRichText, fromPlainText, type RichText } from '../../domain/rich-text'
import type { ScreenField } from './screens'

/** An image field's value in a form: what the record has, or a file chosen here and not saved yet. */
export type ImageValue = ImageRef | { file: File } | null

export type FormValues = Record<string, unknown>

export const isChosenFile = (value: unknown): value is { file: File } =>
  typeof value === 'object' && value !== null && 'file' in value

/**
 * Of the typed `fields`, those whose value on the record has moved since their typing began:
 * `typedOver` holds the record's value of each typed field then (null for none), and `record` its
 * values now. A field missing from `typedOver` was never typed over, so nothing moved under it.
 */
export const movedUnder = (fields: readonly string[], typedOver: FormValues, record: FormValues) =>
  fields.filter((field) => field in typedOver && !jsonEqual(typedOver[field], record[field] ?? null))

export const blankOf = (field: ScreenField): unknown => freshEmptyValue(field.widget)

function readValue(field: ScreenField, stored: unknown): unknown {
  switch (field.widget) {
    case 'relation': {
      const ref = stored as Relationship | null | undefined
      return ref && typeof ref === 'object' && typeof ref.value === 'string' ? ref : null
    }
    case 'image': {
      const ref = stored as ImageRef | null | undefined
      return ref && typeof ref === 'object' && typeof ref.id === 'string' ? ref : null
    }
    case 'richText':
    case 'richTextPlain':
      // An older client stored plain words: they become paragraphs, never a blank the next save would keep.
      if (typeof stored === 'string') return fromPlainText(stored)
      return Array.isArray(stored) && stored.length ? (stored as RichText) : emptyRichText()
    default:
      return typeof stored === 'string' ? stored : ''
  }
}

/** A stored record as form values: anything missing or of the wrong shape reads as blank. */
export function formValuesOf(
  fields: readonly ScreenField[],
  record: Record<string, unknown> | null,
): FormValues {
  return Object.fromEntries(
    fields.map((field) => [field.name, record ? readValue(field, record[field.name]) : blankOf(field)]),
  )
}

export type FieldErrors = Partial<Record<string, string>>

/** `[{ field, message }]` (the shared schema's or the server's) as one message per field, the first winning. */
export function errorsByField(
  errors: readonly { field: string; message: string }[] | undefined,
): FieldErrors {
  const map: FieldErrors = {}
  for (const { field, message } of errors ?? []) map[field] ??= message
  return map
}
