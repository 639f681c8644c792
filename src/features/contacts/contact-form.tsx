/**
 * The add and edit form (SPEC.md §2). No client rules (SPEC.md §5): the
 * shared schema's messages, or the server's, show under their fields, and what
 * was typed always stays.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { SelectField, TextField } from '../../ui/field'
import { button } from '../../ui/styles'
import {
  type ContactFieldName,
  type ContactFormValues,
  contactFields,
  departmentOptions,
  type FieldErrors,
} from './contact-fields'

interface ContactFormProps {
  values: ContactFormValues
  errors: FieldErrors
  submitLabel: string
  busy: boolean
  onChange: (field: ContactFieldName, value: string) => void
  onSubmit: () => Promise<void>
}

export function ContactForm({ values, errors, submitLabel, busy, onChange, onSubmit }: ContactFormProps) {
  const form = useRef<HTMLFormElement>(null)
  const [attempts, setAttempts] = useState(0)

  // After a save that found errors, take the user to the first field that has one.
  useEffect(() => {
    if (attempts > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [attempts])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    await onSubmit()
    setAttempts((count) => count + 1)
  }

  return (
    <form ref={form} noValidate onSubmit={submit} className="space-y-6">
      <div className="grid gap-5 sm:grid-cols-2">
        {contactFields.map((field) =>
          field.name === 'department' ? (
            <SelectField
              key={field.name}
              label={field.label}
              name={field.name}
              options={departmentOptions}
              value={values.department}
              error={errors.department}
              onChange={(event) => onChange('department', event.target.value)}
            />
          ) : (
            <TextField
              key={field.name}
              label={field.label}
              name={field.name}
              type={field.type ?? 'text'}
              // Staff type other people's details here: the browser's own suggestions would be theirs.
              autoComplete="off"
              value={values[field.name]}
              error={errors[field.name]}
              onChange={(event) => onChange(field.name, event.target.value)}
            />
          ),
        )}
      </div>
      <div className="flex justify-end border-t border-slate-100 pt-5">
        <button type="submit" disabled={busy} className={button.primary}>
          {submitLabel}
        </button>
      </div>
    </form>
  )
}
