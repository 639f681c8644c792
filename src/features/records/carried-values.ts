/**
 * What another screen carries to an add form in its address: text for a text field (a company's
 * name typed in 'Go to company': ?companyName=Acme), a record's id for a relation field (a contact
 * added from its company's page: ?company=<id>). The form starts with it as typed (use-draft.ts), so
 * it is saved with the form, kept in the draft and asked about on leaving, as typing is.
 */
import type { Relationship } from '../../domain/fields'
import type { FormValues } from './field-values'
import type { ScreenField } from './screens'

const TEXT_WIDGETS = new Set(['text', 'email', 'tel', 'url'])

export function carriedValues(fields: readonly ScreenField[], search: Record<string, unknown>): FormValues {
  const carried: FormValues = {}
  for (const { name, widget, relation } of fields) {
    const value = search[name]
    if (typeof value !== 'string' || !value.trim()) continue
    if (TEXT_WIDGETS.has(widget)) carried[name] = value
    // An id the form's picker then names; one that names no record shows as 'Unknown company', and the
    // save's check refuses one that is no id at all.
    else if (widget === 'relation' && relation)
      carried[name] = { relationTo: relation.collection, value: value.trim() } satisfies Relationship
  }
  return carried
}
