/**
 * The History card of a record's screen: this device's changes not sent yet, then the server's
 * history as the device last read it (who changed which fields, when, from what to what, and when a
 * change made offline reached the server). Offline it says the history shown may not be the latest.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback } from 'react'
import { useRuntime } from '../../app/runtime-context'
import type { OutboxOp } from '../../db/outbox-types'
import { mirrorOf } from '../../db/tables'
import { type CollectionName, collections, type MirroredName } from '../../domain/collections'
import type { HistoryEntry } from '../../domain/history'
import { card } from '../../ui/styles'
import { timeFormat } from '../../ui/time-format'
import { type HistoryLine, historyLine, type NameOf, pendingLine } from './history-lines'
import { useRecordHistory } from './use-record-history'

/** A change that reached the server this long after it was made was made offline (or queued). */
const LATE_MS = 60_000

const at = (time: string | number) => timeFormat.format(new Date(time))

function whenOf(entry: HistoryEntry): string {
  const made = entry.madeAt ? Date.parse(entry.madeAt) : null
  if (made !== null && Date.parse(entry.at) - made > LATE_MS)
    return `Made offline at ${at(made)}, reached the server at ${at(entry.at)}`
  return at(entry.at)
}

/** An id a value may hold: itself, or a pending relation's `{ relationTo, value }`. */
const idIn = (value: unknown) =>
  typeof value === 'string' ? value : (value as { value?: unknown } | null)?.value

/** Names of the records the history's relations point at, from the device's mirror. */
function useNames(collection: CollectionName, entries: HistoryEntry[], ops: OutboxOp[]): NameOf {
  const { db } = useRuntime()
  const relations = Object.entries(collections[collection].relations)
  const wanted = new Set<string>()
  for (const [field] of relations) {
    for (const entry of entries) {
      const change = entry.changes?.[field]
      for (const value of [change?.from, change?.to]) if (typeof value === 'string') wanted.add(value)
    }
    for (const op of ops) {
      const id = idIn(op.patch?.[field])
      if (typeof id === 'string') wanted.add(id)
    }
  }
  const key = [...wanted].sort().join(',')
  const names = useLiveQuery(
    async () => {
      const found = new Map<string, string>()
      for (const target of new Set(relations.map(([, target]) => target as MirroredName)))
        for (const row of await mirrorOf(db, target).bulkGet([...wanted]))
          if (row) found.set(`${target}:${row.id}`, collections[target as CollectionName].displayName(row))
      return found
    },
    // `key` names the ids wanted: the query is made again when they change.
    [db, collection, key],
  )
  return useCallback((target, id) => names?.get(`${target}:${id}`), [names])
}

function Line({ line, when, pending }: { line: HistoryLine; when: string; pending?: boolean }) {
  return (
    <li className="flex flex-col gap-0.5 py-2.5">
      <p className="text-sm text-slate-900">
        {line.title}
        {pending && (
          <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800">Not sent yet</span>
        )}
      </p>
      {line.details.map((detail) => (
        <p key={detail} className="text-sm wrap-anywhere text-slate-600">
          {detail}
        </p>
      ))}
      <p className="text-xs text-slate-500">{when}</p>
    </li>
  )
}

export function RecordHistoryCard({
  collection,
  id,
  version,
  ops,
}: {
  collection: CollectionName
  id: string
  version: unknown
  ops: OutboxOp[]
}) {
  const { stored, error } = useRecordHistory(collection, id, version)
  const entries = stored?.entries ?? []
  const waiting = ops.filter(
    (op) =>
      (op.kind === 'create' || op.kind === 'update') && (op.status === 'pending' || op.status === 'inflight'),
  )
  const nameOf = useNames(collection, entries, waiting)
  const headingId = `history-${id}`
  return (
    <section aria-labelledby={headingId} className={`${card} px-4 py-4 sm:px-5`}>
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        History
      </h2>
      {error && (
        <p className="mt-1 text-sm text-slate-500">
          {error.offline && stored
            ? `Offline: this is the history as this device read it at ${at(stored.readAt)}.`
            : error.message}
        </p>
      )}
      <ol className="mt-1 divide-y divide-slate-100">
        {[...waiting].reverse().map((op) => (
          <Line
            key={op.opId}
            line={pendingLine(
              collection,
              op.kind as 'create' | 'update',
              op.patch ?? {},
              op.base ?? {},
              nameOf,
            )}
            when={at(op.createdAt)}
            pending
          />
        ))}
        {entries.map((entry) => (
          <Line
            key={`${entry.version}:${entry.action}:${entry.at}`}
            line={historyLine(collection, entry, nameOf)}
            when={whenOf(entry)}
          />
        ))}
      </ol>
      {stored && entries.length === 0 && waiting.length === 0 && (
        <p className="mt-1 text-sm text-slate-500">No changes recorded yet.</p>
      )}
      {stored && stored.total > entries.length && (
        <p className="mt-1 text-xs text-slate-500">
          Showing the latest {entries.length} of {stored.total} changes.
        </p>
      )}
    </section>
  )
}
