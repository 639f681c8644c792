/**
 * A relation's picker (a contact's company): searches the target collection in
 * the mirror as the user types, offline too, and offers 'Add New Company',
 * which makes that record from the typed text when the form is saved, in the
 * same write (nothing is made for a form abandoned). The outbox sends the new
 * company before the record that points at it.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import { useRuntime } from '../../app/runtime-context'
import { mirrorOf } from '../../db/tables'
import { collections } from '../../domain/collections'
import type { Relationship } from '../../domain/fields'
import { Combobox, type ComboboxOption } from '../../ui/combobox'
import type { ScreenField } from './screens'
import { useRecordSearch } from './use-record-search'

interface RelationFieldProps {
  field: ScreenField & { relation: NonNullable<ScreenField['relation']> }
  value: Relationship | null
  error?: string
  onChange: (value: Relationship | null) => void
}

export function RelationField({ field, value, error, onChange }: RelationFieldProps) {
  const { db, mutate } = useRuntime()
  const { relation } = field
  const target = collections[relation.collection]
  const [search, setSearch] = useState('')
  const [createError, setCreateError] = useState<string>()

  const options = useRecordSearch(relation.collection, search)
  const chosen = useLiveQuery(
    async () => (value ? ((await mirrorOf(db, relation.collection).get(value.value)) ?? null) : null),
    [db, relation.collection, value?.value],
  )
  const made = value?.create
  const current: ComboboxOption | null = value
    ? {
        id: value.value,
        label: made
          ? target.displayName(made)
          : chosen
            ? target.displayName(chosen)
            : chosen === null
              ? `Unknown ${target.label}`
              : '…',
      }
    : null

  const create = (text: string) => {
    const result = mutate.newRelated(relation.collection, { [relation.createField]: text.trim() })
    setCreateError(result.ok ? undefined : result.errors[0]?.message)
    if (result.ok) onChange(result.relationship)
  }

  const picker = (
    <Combobox
      label={field.label}
      name={field.name}
      value={current}
      options={options}
      onSearch={setSearch}
      onSelect={(option) => onChange(option ? { relationTo: relation.collection, value: option.id } : null)}
      createLabel={relation.createLabel}
      onCreate={create}
      emptyText={relation.emptyText}
      placeholder={`Search ${collections[relation.collection].path}`}
      error={createError ?? error}
    />
  )
  if (!made) return picker
  return (
    <div>
      {picker}
      <p className="mt-1 text-xs text-slate-500">New {target.label}: it is made when you save.</p>
    </div>
  )
}
