/**
 * Closing or reloading the tab while changes are still in the outbox asks
 * first (docs/sync.md). The changes would survive, but they only reach the
 * server while a tab is open, which colleagues may be waiting on. With
 * nothing queued there is no handler at all, so the browser can also keep the
 * page in its back/forward cache.
 */
import { useEffect } from 'react'
import { useQueuedCount } from '../../features/sync-status'

function warn(event: BeforeUnloadEvent) {
  event.preventDefault()
  // Chromium before 119 prompts only when returnValue is set as well.
  event.returnValue = true
}

export function useUnloadWarning() {
  const queued = useQueuedCount() ?? 0
  const unsynced = queued > 0
  useEffect(() => {
    if (!unsynced) return
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [unsynced])
}
