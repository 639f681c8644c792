/**
 * A field's name as the user knows it: the label its form shows, where a form
 * exists, else the field name made readable. Companies and the catalog add
 * their form's fields here when their screens arrive.
 */
import type { CollectionName } from '../../domain/collections'
import { humanize } from '../../ui/format-value'
import { contactFields } from '../contacts/contact-fields'

const formLabels: Partial<Record<CollectionName, readonly { name: string; label: string }[]>> = {
  contacts: contactFields,
}

export function fieldLabel(collection: CollectionName, field: string): string {
  return formLabels[collection]?.find((spec) => spec.name === field)?.label ?? humanize(field)
}
