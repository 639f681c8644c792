/**
 * Starts the signed-in user's sync runtime (their Dexie database and the sync
 * scheduler) for as long as the signed-in screens are shown, and stops it on
 * sign-out. The router context may supply another starter (tests do).
 */
import { useRouter } from '@tanstack/react-router'
import { type ReactNode, startTransition, useEffect, useMemo, useRef, useState } from 'react'
import type { SessionUser } from '../../session/stored-user'
import { type SyncRuntime, startRuntime } from '../../sync/runtime'
import { notify } from '../notify'
import { RuntimeContext } from '../runtime-context'

export function RuntimeProvider({ user, children }: { user: SessionUser; children: ReactNode }) {
  const start = useRouter().options.context.startRuntime ?? startRuntime
  const [runtime, setRuntime] = useState<SyncRuntime | null>(null)
  // The runtime lives as long as the user id; a new name or photo only changes what the screens show.
  const first = useRef(user)
  const shown = useMemo(() => runtime && { ...runtime, user }, [runtime, user])

  useEffect(() => {
    // Started a microtask later, so React's development double-mount (mount, unmount, mount at once)
    // opens the database and the scheduler once, not twice with the first closed under its feet.
    let started: SyncRuntime | null = null
    let cancelled = false
    queueMicrotask(() => {
      if (cancelled) return
      started = start(first.current, notify)
      const runtime = started
      // No screen reads the database before it is open: on a first sign-in it is being created, and a
      // page left during that is kept half-created by WebKit unless aborted (src/db/page-sleep.ts). A
      // database that cannot open at all shows its error in the screens that read it.
      void runtime.db
        .opened()
        .catch(() => undefined)
        .then(() => {
          // The whole shell and the screen render from here: as a transition, React renders them in
          // slices and lets the browser in between, instead of holding the main thread for one long task.
          if (!cancelled) startTransition(() => setRuntime(runtime))
        })
    })
    return () => {
      cancelled = true
      started?.stop()
      setRuntime(null)
    }
  }, [start])

  // Once the screen is committed: the sync starts after it is painted, not in the middle of its first render.
  useEffect(() => runtime?.startSync(), [runtime])

  // Nothing until the runtime has started and its database is open (the effect above).
  if (!shown) return null
  return <RuntimeContext.Provider value={shown}>{children}</RuntimeContext.Provider>
}
