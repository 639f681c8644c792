/** A field's name as the user knows it in sync issues: its form's label (records/form-fields.ts). */
import type { CollectionName } from '../../domain/collections'
import { humanize } from '../../ui/format-value'
import { fieldLabel as formLabel } from '../records/form-fields'

export const fieldLabel = (collection: CollectionName, field: string) =>
  formLabel(collection, field, humanize)
