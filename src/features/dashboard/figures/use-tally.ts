/** The dashboard's tally for a screen: kept counting while the screen is open, and a new render after each change. */
import { useEffect, useSyncExternalStore } from 'react'
import { useRuntime } from '../../records/runtime-context'
import { type DashboardTally, holdTally, tallyOf } from './tally'

export interface TallyView {
  tally: DashboardTally
  /** False until every table has been read once: show a loading state, not zeros. */
  ready: boolean
  /** Changes with every counted change: the key for memoizing a figure. */
  version: number
}

export function useTally(): TallyView {
  const { db } = useRuntime()
  const tally = tallyOf(db)
  useEffect(() => holdTally(db), [db])
  const version = useSyncExternalStore(tally.subscribe, tally.getVersion)
  return { tally, ready: tally.ready, version }
}
