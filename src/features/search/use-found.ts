/**
 * The search's results for what is typed, live: asked again a moment after
 * the typing pauses, and whenever a record changes (this tab or another).
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { useRuntime } from '../../app/runtime-context'
import { type Found, findEverywhere, globalSearchVersion, subscribeGlobalSearch } from './global-find'

/** Rows shown per entity; the rest are behind "Show all". */
const PER_GROUP = 5
/** A search answers within a few ms from memory: a short pause only skips the keys of a fast typist. */
const PAUSE_MS = 100

function usePaused(text: string, ms: number) {
  const [paused, setPaused] = useState(text)
  useEffect(() => {
    const timer = setTimeout(() => setPaused(text), ms)
    return () => clearTimeout(timer)
  }, [text, ms])
  return paused
}

/** Undefined until the first answer; afterwards the latest, which may answer an earlier text (`found.text`). */
export function useFound(text: string): Found | undefined {
  const { db } = useRuntime()
  const query = usePaused(text.trim(), PAUSE_MS)
  const subscribe = useCallback((listener: () => void) => subscribeGlobalSearch(db, listener), [db])
  const version = useSyncExternalStore(subscribe, () => globalSearchVersion(db))
  return useLiveQuery(() => findEverywhere(db, query, PER_GROUP), [db, query, version])
}
