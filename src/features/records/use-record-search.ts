/** A collection searched in the mirror as options for a picker: offline too, with the list's word rules. */
import { useLiveQuery } from 'dexie-react-hooks'
import { useRuntime } from '../../app/runtime-context'
import { readPage } from '../../db/list-read'
import { type CollectionName, collections } from '../../domain/collections'
import type { ComboboxOption } from '../../ui/combobox'

const RESULTS = 8

/** A second line for an option: where a company is, or its website. */
const detailOf = (row: Record<string, unknown>) =>
  [row.website, row.address, row.email].find(
    (part): part is string => typeof part === 'string' && part !== '',
  )

export function useRecordSearch(collection: CollectionName, search: string): ComboboxOption[] {
  const { db } = useRuntime()
  const rows = useLiveQuery(
    async () => (await readPage(db, collection, { page: 1, perPage: RESULTS, search }))?.rows,
    [db, collection, search],
  )
  const { displayName } = collections[collection]
  return (rows ?? []).map((row) => ({ id: row.id, label: displayName(row) || row.id, detail: detailOf(row) }))
}
