/**
 * A form's state as "the stored record plus what the user changed". Fields
 * the user has not touched follow the record live (a change pulled from the
 * server shows up), and only touched fields are saved, so an old value on the
 * screen can never overwrite someone else's newer one.
 */
import { useEffect, useState } from 'react'
import { jsonEqual } from '../../db/equal'
import { useUnsavedForm } from '../../ui/unsaved-forms'
import type { FormValues } from './field-values'

function prune(edits: FormValues, base: FormValues): FormValues {
  const kept = Object.entries(edits).filter(([field, value]) => !jsonEqual(base[field], value))
  return kept.length === Object.keys(edits).length ? edits : Object.fromEntries(kept)
}

export function useDraft(base: FormValues) {
  const [edits, setEdits] = useState<FormValues>({})

  // Once the record holds an edit (it was saved, or someone made the same change), it is no longer an edit.
  useEffect(() => setEdits((current) => prune(current, base)), [base])

  const values: FormValues = { ...base, ...edits }
  const changed: FormValues = {}
  for (const [field, value] of Object.entries(edits))
    if (!jsonEqual(base[field], value)) changed[field] = value
  useUnsavedForm(Object.keys(changed).length > 0)

  return {
    values,
    changed,
    set: (field: string, value: unknown) => setEdits((current) => ({ ...current, [field]: value })),
    /** Drops these edits: saved in a form the record will not echo back as equal (a chosen image file). */
    forget: (fields: readonly string[]) =>
      setEdits((current) =>
        Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field))),
      ),
  }
}
