/** React hooks over the mirror: what every list and edit screen reads. They never touch the network. */
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { mirrorIndex } from '../../db/mirror-index'
import type { OutboxOp } from '../../db/outbox-types'
import { opsFor } from '../../db/record-writes'
import { mirrorOf } from '../../db/tables'
import type { CollectionName, RecordOf } from '../../domain/collections'
import { type PageQuery, type PageResult, readPage } from './record-query'
import { useRuntime } from './runtime-context'

/** The page of a list screen; undefined while the first read is under way. */
export function useRecordPage(collection: CollectionName, query: PageQuery): PageResult | undefined {
  const { db } = useRuntime()
  // A page read from the index watches only its own rows: a new version of the index reads it again.
  const index = mirrorIndex(db, collection)
  const indexVersion = useSyncExternalStore(index.subscribe, index.getVersion)
  return useLiveQuery(
    () => readPage(db, collection, query),
    [db, collection, query.page, query.perPage, query.search, query.sort, indexVersion],
  )
}

/** One record: undefined while loading, null when there is no such record. */
export function useRecord<C extends CollectionName>(
  collection: C,
  id: string,
): RecordOf<C> | null | undefined {
  const { db } = useRuntime()
  return useLiveQuery(
    async () => ((await mirrorOf(db, collection).get(id)) as RecordOf<C> | undefined) ?? null,
    [db, collection, id],
  )
}

export type RecordSyncState = 'synced' | 'pending' | 'failed' | 'conflict'

export function syncStateOf(ops: OutboxOp[]): RecordSyncState {
  if (ops.some((op) => op.status === 'conflict')) return 'conflict'
  if (ops.some((op) => op.status === 'failed')) return 'failed'
  return ops.length ? 'pending' : 'synced'
}

/** The sync state of every record of a collection that has queued work (absent means synced). */
export function useSyncStates(collection: CollectionName): Map<string, RecordSyncState> {
  const { db } = useRuntime()
  const ops = useLiveQuery(() => db.outbox.toArray(), [db]) ?? []
  const byRecord = new Map<string, OutboxOp[]>()
  for (const op of ops) {
    if (op.collection !== collection) continue
    byRecord.set(op.recordId, [...(byRecord.get(op.recordId) ?? []), op])
  }
  return new Map([...byRecord].map(([id, recordOps]) => [id, syncStateOf(recordOps)]))
}

/**
 * The queued ops of one record, oldest first (for the edit screen: its state
 * and any field errors); undefined while loading, so a screen never claims
 * "All changes synced" for a record it has not looked up yet.
 */
export function useRecordOps(collection: CollectionName, id: string): OutboxOp[] | undefined {
  const { db } = useRuntime()
  return useLiveQuery(() => opsFor(db, collection, id), [db, collection, id])
}

/**
 * While online, the list's query also goes to the server, which
 * tops up the mirror with that page and answers its own total. Null until
 * known, or when offline.
 */
export function useServerTotal(collection: CollectionName, query: PageQuery): number | null {
  const { engine } = useRuntime()
  // The count belongs to one search: another search (typed offline, say) must not show it.
  const counted = `${collection}\n${query.search}`
  const [answer, setAnswer] = useState<{ counted: string; total: number | null } | null>(null)
  const { page, perPage, search, sort } = query
  useEffect(() => {
    let current = true
    if (typeof navigator !== 'undefined' && !navigator.onLine) return
    engine
      .refreshPage(collection, { page, perPage, search, sort })
      .then((total) => current && setAnswer({ counted: `${collection}\n${search}`, total }))
    return () => {
      current = false
    }
  }, [engine, collection, page, perPage, search, sort])
  return answer?.counted === counted ? answer.total : null
}
