/** The contact form's fields, in order, with the labels the screens (and the browser tests) use. */
import { type ContactFields, DEPARTMENTS, emptyContact } from '../../domain/contact'
import { formFields } from '../records/form-fields'

/** The company picker comes later; until then the form edits every other field. */
export type ContactFormValues = Omit<ContactFields, 'company'>
export type ContactFieldName = keyof ContactFormValues

export interface ContactFieldSpec {
  name: ContactFieldName
  label: string
  type?: 'text' | 'email' | 'tel'
}

/** The form's fields (records/form-fields.ts) but the company, whose picker comes with the companies screens. */
export const contactFields: readonly ContactFieldSpec[] = formFields.contacts
  .filter((field) => field.name !== 'company')
  .map(({ name, label, widget }) => ({
    name: name as ContactFieldName,
    label,
    type: widget === 'email' || widget === 'tel' ? widget : 'text',
  }))

export const departmentOptions = [
  { value: '', label: 'No department' },
  ...DEPARTMENTS.map((department) => ({ value: department, label: department })),
]

// The form has every contact field but the company (its picker comes with the companies screens).
const { company: _company, ...emptyFields } = emptyContact
export const emptyForm: ContactFormValues = emptyFields

/** A stored record as form values: anything missing or not text reads as empty. */
export function toFormValues(record: Partial<Record<ContactFieldName, unknown>>): ContactFormValues {
  const values = { ...emptyForm }
  for (const field of contactFields) {
    const value = record[field.name]
    values[field.name] = typeof value === 'string' ? value : ''
  }
  return values
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
