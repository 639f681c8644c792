/**
 * Starts the signed-in user's sync runtime (their Dexie database and the sync
 * scheduler) for as long as the signed-in screens are shown, and stops it on
 * sign-out. The router context may supply another starter (tests do).
 */
import { useRouter } from '@tanstack/react-router'
import { type ReactNode, useEffect, useState } from 'react'
import { RuntimeContext } from '../../features/records/runtime-context'
import type { SessionUser } from '../../session/stored-user'
import { type SyncRuntime, startRuntime } from '../../sync/runtime'
import { notify } from '../notify'

export function RuntimeProvider({ user, children }: { user: SessionUser; children: ReactNode }) {
  const start = useRouter().options.context.startRuntime ?? startRuntime
  const [runtime, setRuntime] = useState<SyncRuntime | null>(null)

  useEffect(() => {
    // Started a microtask later, so React's development double-mount (mount, unmount, mount at once)
    // opens the database and the scheduler once, not twice with the first closed under its feet.
    let started: SyncRuntime | null = null
    let cancelled = false
    queueMicrotask(() => {
      if (cancelled) return
      started = start(user, notify)
      setRuntime(started)
    })
    return () => {
      cancelled = true
      started?.stop()
      setRuntime(null)
    }
  }, [user, start])

  // One render without a runtime, right after mounting: the effect above starts it.
  if (!runtime) return null
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>
}
