/**
 * Every entity's form fields, in order, with the labels the screens, the sync-issues view and the
 * browser tests use, and the widget each needs: read from the entity's definition in src/domain, the
 * one place a field's label is written.
 */
import { type CollectionName, collections } from '../../domain/collections'
import type { Widget } from '../../domain/fields'

export interface FormField {
  name: string
  label: string
  widget: Widget
}

/** A field's name as the user knows it: its form's label, else the field name made readable. */
export function fieldLabel(
  collection: CollectionName,
  field: string,
  humanize: (name: string) => string,
): string {
  return collections[collection].fields[field]?.label ?? humanize(field)
}
