/**
 * Two records that are one (Admins; /contacts/merge/$id?with=<other>, opened from the duplicate
 * notice of a record's screen): the fields where they differ side by side, a choice for each, and
 * 'Merge'. The record opened is kept with the values chosen; what pointed at the other moves to
 * it, and the other goes to the Trash. Done on the server (it needs a connection), then heard by
 * every device through the change feed.
 */
import { useNavigate, useParams, useSearch } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useRef, useState } from 'react'
import { toast } from 'sonner'
import { useRuntime } from '../../app/runtime-context'
import { jsonEqual } from '../../db/equal'
import { mirrorOf } from '../../db/tables'
import { type CollectionName, collections, type MirroredName } from '../../domain/collections'
import { failureText } from '../../sync/online-call'
import { Banner } from '../../ui/banner'
import { type DiffChoice, type DiffRow, DiffTable } from '../../ui/diff-table'
import { formatValue } from '../../ui/format-value'
import { button, card } from '../../ui/styles'
import { BackLink } from './back-link'
import { useRecord } from './record-hooks'
import { useScreen } from './use-screen'

type StoredRecord = { id: string } & Record<string, unknown>

const isEmpty = (value: unknown) => formatValue(value) === null

const SIDES = {
  mine: { heading: 'Kept', action: 'Keep this' },
  theirs: { heading: 'Merged into it', action: 'Take this' },
}

/** The names of the records the two point at (a contact's company), from the device's mirror. */
function useRelatedNames(collection: CollectionName, records: StoredRecord[]) {
  const { db } = useRuntime()
  const relations = Object.entries(collections[collection].relations)
  const ids = records.flatMap((record) =>
    relations.map(([field]) => (record[field] as { value?: unknown } | null)?.value).filter(Boolean),
  ) as string[]
  return useLiveQuery(async () => {
    const names = new Map<string, string>()
    for (const [, target] of relations)
      for (const row of await mirrorOf(db, target as MirroredName).bulkGet(ids))
        if (row) names.set(row.id, collections[target as CollectionName].displayName(row))
    return names
  }, [db, collection, ids.join(',')])
}

export function MergePage() {
  const screen = useScreen()
  const { id = '' } = useParams({ strict: false })
  const search: { with?: unknown } = useSearch({ strict: false })
  const otherId = typeof search.with === 'string' ? search.with : ''
  const kept = useRecord(screen.collection, id) as StoredRecord | null | undefined
  const other = useRecord(screen.collection, otherId) as StoredRecord | null | undefined
  if (kept === undefined || other === undefined) return null
  if (!kept || !other || kept.id === other.id)
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <BackLink to={screen.paths.list} />
        <Banner tone="info">
          These two records are not both on this device any more, so there is nothing to merge.
        </Banner>
      </div>
    )
  return <MergeForm kept={kept} other={other} />
}

function MergeForm({ kept, other }: { kept: StoredRecord; other: StoredRecord }) {
  const screen = useScreen()
  const { collection, editFields } = screen
  const { label, displayName } = collections[collection]
  const { merge } = useRuntime()
  const navigate = useNavigate()
  const names = useRelatedNames(collection, [kept, other])
  const shown = (field: string, value: unknown) => {
    const related = (value as { value?: unknown } | null)?.value
    return typeof related === 'string' && collections[collection].relations[field]
      ? (names?.get(related) ?? formatValue(value))
      : formatValue(value)
  }
  const differing = editFields.filter(
    (field) => !jsonEqual(kept[field.name] ?? null, other[field.name] ?? null),
  )
  // Each field starts on the kept record's value, or on the other's where the kept one has none.
  const [choices, setChoices] = useState<Record<string, DiffChoice>>(() =>
    Object.fromEntries(
      differing.map((field) => [
        field.name,
        isEmpty(kept[field.name]) && !isEmpty(other[field.name]) ? 'theirs' : 'mine',
      ]),
    ),
  )
  const [busy, setBusy] = useState(false)
  // One key per merge asked for: trying the same merge again after a lost answer is answered as the
  // first was (the server did it), not refused because the other record is gone.
  const keys = useRef(new Map<string, string>())
  const rows: DiffRow[] = differing.map((field) => ({
    field: field.name,
    label: field.label,
    mine: shown(field.name, kept[field.name]),
    theirs: shown(field.name, other[field.name]),
  }))
  const keptName = displayName(kept) || `This ${label}`
  const otherName = displayName(other) || `The other ${label}`

  const run = async () => {
    setBusy(true)
    const values = Object.fromEntries(
      differing
        .filter((field) => choices[field.name] === 'theirs')
        .map((field) => [field.name, other[field.name] ?? null]),
    )
    const asked = JSON.stringify(values)
    const key = keys.current.get(asked) ?? crypto.randomUUID()
    keys.current.set(asked, key)
    try {
      await merge.merge(collection, kept.id, other.id, values, key)
      toast.success('Merged', { description: `${otherName} is merged into ${keptName}.` })
      await navigate({ to: screen.paths.edit, params: { id: kept.id } })
    } catch (error) {
      toast.error('Not merged', { description: failureText(error) })
      setBusy(false)
    }
  }

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <BackLink to={screen.paths.edit.replace('$id', kept.id) as never}>{`Back to ${keptName}`}</BackLink>
      <section aria-labelledby="merge-heading" className={`${card} space-y-4 p-5 sm:p-6`}>
        <h2 id="merge-heading" className="text-lg font-semibold wrap-anywhere text-slate-900">
          Merge {otherName} into {keptName}
        </h2>
        <p className="text-sm text-slate-600">
          {keptName} is kept with the values you choose. {otherName} goes to the Trash, and what pointed at it
          moves to {keptName}.
        </p>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-600">They hold the same values.</p>
        ) : (
          <div className="overflow-x-auto rounded-md border border-slate-200">
            <DiffTable
              caption={`${keptName} and ${otherName}, field by field`}
              rows={rows}
              choices={choices}
              disabled={busy}
              sides={SIDES}
              onChoose={(field, choice) => setChoices((current) => ({ ...current, [field]: choice }))}
            />
          </div>
        )}
        <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
          <button type="button" className={button.primary} disabled={busy} onClick={() => void run()}>
            {busy ? 'Merging…' : 'Merge'}
          </button>
        </div>
      </section>
    </div>
  )
}
