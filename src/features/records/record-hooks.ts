/** React hooks over the mirror: what every list and edit screen reads. They never touch the network. */
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { useRuntime } from '../../app/runtime-context'
import type { ListedRow } from '../../db/index-entries'
import { listedPage, type PageQuery, readPage } from '../../db/list-read'
import { mirrorIndex } from '../../db/mirror-index'
import type { OutboxOp } from '../../db/outbox-types'
import { sharedPacedQuery } from '../../db/paced-reads'
import { OUTBOX_PACE_MS, queuedRecords } from '../../db/queued-records'
import { opsFor } from '../../db/record-writes'
import { mirrorOf } from '../../db/tables'
import type { CollectionName, RecordOf } from '../../domain/collections'

/** A list screen's page: its rows as the list shows them, and how many records match. */
export interface ListedPage {
  rows: ListedRow[]
  total: number
}

/**
 * How long the list index must be still before the list's columns are sorted ahead: in a first sync it
 * changes every few hundred ms, and an order begun would be dropped at the next page.
 */
const SORT_AHEAD_AFTER_MS = 1_500
/** …and before the columns' sort keys are made, a pass over the entries each (MirrorIndex.keysAhead). */
const KEYS_AHEAD_AFTER_MS = 300

const sameRows = (a: ListedRow[], b: ListedRow[]) =>
  a.length === b.length && a.every((row, at) => row === b[at])

/**
 * The page of a list screen; undefined while the first read is under way.
 * Once the collection's list index is built, the page comes from it in the
 * render that follows the click, the Enter or the change that asked for it,
 * with no IndexedDB read (src/db/mirror-index.ts): each entry keeps what the
 * list shows of its row. Until then (the first moment after opening a list of
 * 100,000), and for an order the index does not keep, a live query reads the
 * table, and the page last shown stays on screen meanwhile.
 */
export function useRecordPage(collection: CollectionName, query: PageQuery): ListedPage | undefined {
  const { db } = useRuntime()
  const index = mirrorIndex(db, collection)
  const indexVersion = useSyncExternalStore(index.subscribe, index.getVersion)
  const { page, perPage, search, sort } = query
  const key = pageKey(query)

  // The same rows while the index answers the same rows (the server's copy of a page written again
  // unchanged, a first sync's page landing beyond this one), so the table does not render them again:
  // only the count moves, as it does fifty times in a first sync of 100,000.
  const listed = useRef<ListedPage | undefined>(undefined)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new index version may change what the page holds
  const fromIndex = useMemo(() => {
    const answer = listedPage(db, collection, { page, perPage, search, sort })
    if (!answer) return undefined
    const last = listed.current
    const rows = last && sameRows(last.rows, answer.rows) ? last.rows : answer.rows
    const kept =
      last && last.rows === rows && last.total === answer.total ? last : { rows, total: answer.total }
    listed.current = kept
    return kept
  }, [db, collection, page, perPage, search, sort, indexVersion])

  // Once the index has been still a moment, every column's sort keys are made, then its order built
  // ahead, in slices, for the header's first click (MirrorIndex.keysAhead, sortAhead); a change
  // meanwhile drops what is not done until the next still moment.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new index version is a change to wait out
  useEffect(() => {
    if (!index.ready) return
    const keys = setTimeout(() => index.keysAhead(), KEYS_AHEAD_AFTER_MS)
    const orders = setTimeout(() => index.sortAhead(), SORT_AHEAD_AFTER_MS)
    return () => {
      clearTimeout(keys)
      clearTimeout(orders)
    }
  }, [index, indexVersion])

  const indexed = fromIndex !== undefined
  const live = useLiveQuery(async () => {
    if (indexed) return undefined
    const result = await readPage(db, collection, { page, perPage, search, sort })
    return result && { key, result }
  }, [db, collection, page, perPage, search, sort, indexed])
  const answered = fromIndex ?? (live?.key === key ? live.result : undefined)

  // Until this query is answered: the page last shown, so the table neither empties nor jumps.
  const lastShown = useRef<ListedPage | undefined>(undefined)
  useEffect(() => {
    if (answered) lastShown.current = answered
  })
  return answered ?? lastShown.current
}

/**
 * The rows of `collection` whose relation `field` points at `id` (a company's contacts), in list
 * order, as a list shows them; undefined until the collection's list index is built. Found in that
 * index, which keeps every row's relations and follows every change, so the answer repaints when a
 * contact is added, moved or deleted, here, in the sync or in another tab.
 */
export function useLinkedRows(
  collection: CollectionName,
  field: string,
  id: string,
): ListedRow[] | undefined {
  const { db } = useRuntime()
  const index = mirrorIndex(db, collection)
  const version = useSyncExternalStore(index.subscribe, index.getVersion)
  useEffect(() => index.warm(), [index])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new index version may change what it holds
  return useMemo(() => (index.ready ? index.linkedTo(field, id) : undefined), [index, field, id, version])
}

const pageKey = (query: PageQuery) => [query.page, query.perPage, query.sort ?? '', query.search].join('\n')

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
  // Paced and shared as the outbox's counts are (src/db/paced-reads.ts): a sync changes it many times a second.
  const live = sharedPacedQuery(
    db,
    `queued:${collection}`,
    () => queuedRecords(db, collection),
    OUTBOX_PACE_MS,
  )
  const records = useSyncExternalStore(live.subscribe, live.get)
  // The same map until the outbox changes: the list's rows read it from context, and a new one renders them all.
  return useMemo(() => {
    const states = new Map<string, RecordSyncState>()
    for (const id of records?.queued ?? []) states.set(id, 'pending')
    for (const [id, statuses] of records?.troubled ?? [])
      states.set(id, statuses.includes('conflict') ? 'conflict' : 'failed')
    return states
  }, [records])
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

/** How long a list page stays on screen before the server is asked for its copy. */
const SERVER_PAGE_AFTER_MS = 120

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
    // Asked once the user stays on the page a moment, not in the same frame as it is painted: the answer
    // (a request, then a write to the mirror) never competes with the page's own paint, and paging on
    // quickly asks only for the page the user stops at.
    const timer = setTimeout(() => {
      engine
        .refreshPage(collection, { page, perPage, search, sort })
        .then((total) => current && setAnswer({ counted: `${collection}\n${search}`, total }))
    }, SERVER_PAGE_AFTER_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [engine, collection, page, perPage, search, sort])
  return answer?.counted === counted ? answer.total : null
}
