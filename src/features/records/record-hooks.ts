/** React hooks over the mirror: what every list and edit screen reads. They never touch the network. */
import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { mirrorIndex } from '../../db/mirror-index'
import type { OutboxOp } from '../../db/outbox-types'
import { opsFor } from '../../db/record-writes'
import { mirrorOf } from '../../db/tables'
import type { CollectionName, RecordOf } from '../../domain/collections'
import { PageReadAhead, pageKey, samePage } from './page-read-ahead'
import { type PageQuery, type PageResult, readPage } from './record-query'
import { useRuntime } from './runtime-context'

/**
 * The page of a list screen; undefined while the first read is under way.
 * A page read ahead (page-read-ahead.ts) is shown at once, in the render
 * that follows the click. The live query confirms it, and while a read
 * answers what is on screen already, the screen keeps its objects and does
 * not render again (the server's copy of a page, written again unchanged).
 * `readTypedSearch` is for the search box's keystrokes: it reads ahead the
 * first page of the search being typed.
 */
export function useRecordPage(
  collection: CollectionName,
  query: PageQuery,
): { page: PageResult | undefined; readTypedSearch: (search: string) => void } {
  const { db } = useRuntime()
  // A page read from the index watches only its own rows: a new version of the index reads it again.
  const index = mirrorIndex(db, collection)
  const indexVersion = useSyncExternalStore(index.subscribe, index.getVersion)
  const [ahead, setAhead] = useState<PageReadAhead | null>(null)
  useEffect(() => {
    const reader = new PageReadAhead(db, collection)
    setAhead(reader)
    return () => reader.stop()
  }, [db, collection])

  const key = pageKey(query)
  const early = ahead?.get(query)
  const answered = useRef<{ key: string; result: PageResult } | undefined>(undefined)
  const live = useLiveQuery(async () => {
    const result = await readPage(db, collection, query)
    if (!result) return undefined
    const last = answered.current
    const kept =
      last?.key === key && samePage(last.result, result)
        ? last
        : { key, result: early && samePage(early, result) ? early : result }
    answered.current = kept
    return kept
  }, [db, collection, query.page, query.perPage, query.search, query.sort, indexVersion])
  const current = live?.key === key ? live.result : undefined

  // The pages one click away, read once this one is painted, while the user reads it.
  const { page, perPage, search, sort } = query
  const total = current?.total
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new index version may move rows into or out of the pages read ahead, so they are checked again
  useEffect(() => {
    if (!ahead || total === undefined) return
    const timer = setTimeout(() => void ahead.readAround({ page, perPage, search, sort }, total), 50)
    return () => clearTimeout(timer)
  }, [ahead, page, perPage, search, sort, total, indexVersion])

  // A search still being typed: its first page is read once typing pauses for a moment (not on every key),
  // so the search that follows (Enter, or the search box's own pause) shows its rows at once.
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(typing.current), [])
  const readTypedSearch = useCallback(
    (typed: string) => {
      clearTimeout(typing.current)
      if (!ahead) return
      typing.current = setTimeout(() => void ahead.readTyped({ page, perPage, search: typed, sort }), 50)
    },
    [ahead, page, perPage, sort],
  )

  // Until the live query answers this query: the page read ahead, else the last page shown.
  return { page: current ?? early ?? live?.result, readTypedSearch }
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
  const ops = useLiveQuery(() => db.outbox.toArray(), [db])
  // The same map until the outbox changes: the list's rows read it from context, and a new one renders them all.
  return useMemo(() => {
    const byRecord = new Map<string, OutboxOp[]>()
    for (const op of ops ?? []) {
      if (op.collection !== collection) continue
      byRecord.set(op.recordId, [...(byRecord.get(op.recordId) ?? []), op])
    }
    return new Map([...byRecord].map(([id, recordOps]) => [id, syncStateOf(recordOps)]))
  }, [ops, collection])
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
