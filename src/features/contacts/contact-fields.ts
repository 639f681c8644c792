/** The contact form's fields, in order, with the labels the screens (and the browser tests) use. */
import { type ContactFields, DEPARTMENTS, emptyContact } from '../../domain/contact'

/** The company picker comes later; until then the form edits every other field. */
export type ContactFormValues = Omit<ContactFields, 'company'>
export type ContactFieldName = keyof ContactFormValues

export interface ContactFieldSpec {
  name: ContactFieldName
  label: string
  type?: 'text' | 'email' | 'tel'
}

export const contactFields: readonly ContactFieldSpec[] = [
  { name: 'firstName', label: 'First Name' },
  { name: 'lastName', label: 'Last Name' },
  { name: 'title', label: 'Title' },
  { name: 'department', label: 'Department' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'mobile', label: 'Mobile', type: 'tel' },
]

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
