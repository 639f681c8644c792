/**
 * The form's state as "the stored record plus what the user changed". Fields
 * the user has not touched follow the record live (a change pulled from the
 * server shows up), and only touched fields are saved, so an old value on the
 * screen can never overwrite someone else's newer one.
 */
import { useEffect, useState } from 'react'
import { type ContactFieldName, type ContactFormValues, contactFields } from './contact-fields'

type Edits = Partial<ContactFormValues>

function prune(edits: Edits, base: ContactFormValues): Edits {
  const kept = Object.entries(edits).filter(([field, value]) => base[field as ContactFieldName] !== value)
  return kept.length === Object.keys(edits).length ? edits : Object.fromEntries(kept)
}

export function useContactDraft(base: ContactFormValues) {
  const [edits, setEdits] = useState<Edits>({})

  // Once the record holds an edit (it was saved, or someone made the same change), it is no longer an edit.
  useEffect(() => setEdits((current) => prune(current, base)), [base])

  const values: ContactFormValues = { ...base, ...edits }
  const changed: Edits = {}
  for (const { name } of contactFields)
    if (edits[name] !== undefined && edits[name] !== base[name]) changed[name] = edits[name]

  return {
    values,
    changed,
    set: (field: ContactFieldName, value: string) => setEdits((current) => ({ ...current, [field]: value })),
  }
}
