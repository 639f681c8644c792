/**
 * A relation's picker (a contact's company): searches the target collection in
 * the mirror as the user types, offline too, and offers 'Add New Company',
 * which makes that record on this device at once from the typed text. The
 * outbox sends the new company before the record that points at it.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import { mirrorOf } from '../../db/tables'
import { collections } from '../../domain/collections'
import type { Relationship } from '../../domain/fields'
import { Combobox, type ComboboxOption } from '../../ui/combobox'
import { useRuntime } from './runtime-context'
import { reportSaveError } from './save-errors'
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
  const current: ComboboxOption | null = value
    ? {
        id: value.value,
        label: chosen ? target.displayName(chosen) : chosen === null ? `Unknown ${target.label}` : '…',
      }
    : null

  const create = async (text: string) => {
    setCreateError(undefined)
    try {
      const result = await mutate.add(relation.collection, { [relation.createField]: text.trim() })
      if (result.ok) onChange({ relationTo: relation.collection, value: result.id })
      else setCreateError(result.errors[0]?.message)
    } catch (failure) {
      reportSaveError(failure)
    }
  }

  return (
    <Combobox
      label={field.label}
      name={field.name}
      value={current}
      options={options}
      onSearch={setSearch}
      onSelect={(option) => onChange(option ? { relationTo: relation.collection, value: option.id } : null)}
      createLabel={relation.createLabel}
      onCreate={(text) => void create(text)}
      emptyText={relation.emptyText}
      placeholder={`Search ${collections[relation.collection].path}`}
      error={createError ?? error}
    />
  )
}
