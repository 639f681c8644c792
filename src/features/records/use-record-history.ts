/**
 * A record's history for its screen: what the device last read from the server (db/histories.ts),
 * read again from the server when the screen opens, when the record's version moves on and when the
 * connection returns; offline, the error says so and the device's copy stays shown.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { useRuntime } from '../../app/runtime-context'
import { historyKey, readHistory, type StoredHistory } from '../../db/histories'
import type { CollectionName } from '../../domain/collections'
import { HISTORY_OFFLINE_TEXT } from '../../sync/history-calls'
import { OnlineCallError } from '../../sync/online-call'
import { useOnline } from '../../ui/use-online'

export interface RecordHistory {
  /** undefined while the device's copy is read; null when it has none. */
  stored: StoredHistory | null | undefined
  error: OnlineCallError | null
}

/** The record's history as the device last read it, following each new read (undefined while read). */
export function useStoredHistory(collection: CollectionName, id: string): StoredHistory | null | undefined {
  const { db } = useRuntime()
  return useLiveQuery(
    async () => (await readHistory(db, historyKey(collection, id))) ?? null,
    [db, collection, id],
  )
}

export function useRecordHistory(collection: CollectionName, id: string, version: unknown): RecordHistory {
  const { history } = useRuntime()
  const online = useOnline()
  const stored = useStoredHistory(collection, id)
  const [error, setError] = useState<OnlineCallError | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version means new changes on the server
  useEffect(() => {
    if (!online) {
      setError(new OnlineCallError(HISTORY_OFFLINE_TEXT, [], true))
      return
    }
    let live = true
    history.refresh(collection, id).then(
      () => live && setError(null),
      (failure: unknown) =>
        live && setError(failure instanceof OnlineCallError ? failure : new OnlineCallError(String(failure))),
    )
    return () => {
      live = false
    }
  }, [history, collection, id, version, online])
  return { stored, error }
}
