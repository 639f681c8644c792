/**
 * How many changes wait in the outbox, and how many need a decision, live, for every screen that
 * shows or acts on them (the sync chip, the sidebar's badge, the overview, Settings, the warning
 * before the tab closes): one read of each for all of them, at most once a second however fast a sync
 * drains the outbox (src/db/paced-reads.ts); undefined until first read.
 */
import { useSyncExternalStore } from 'react'
import { useRuntime } from '../../app/runtime-context'
import { sharedPacedQuery } from '../../db/paced-reads'
import { issueCount, OUTBOX_PACE_MS, queuedCount } from '../../db/queued-records'

export function useQueuedCount(): number | undefined {
  const { db } = useRuntime()
  const live = sharedPacedQuery(db, 'queued', () => queuedCount(db), OUTBOX_PACE_MS)
  return useSyncExternalStore(live.subscribe, live.get)
}

/** Changes the server refused or that conflict, plus records deleted by someone else with lost changes. */
export function useIssueTotal(): number | undefined {
  const { db } = useRuntime()
  const live = sharedPacedQuery(db, 'issues', () => issueCount(db), OUTBOX_PACE_MS)
  return useSyncExternalStore(live.subscribe, live.get)
}
