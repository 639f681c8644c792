/** The signed-in session's runtime, for every screen under the signed-in layout. */
import { createContext, useContext } from 'react'
import type { SyncRuntime } from '../sync/runtime'

export const RuntimeContext = createContext<SyncRuntime | null>(null)

export function useRuntime(): SyncRuntime {
  const runtime = useContext(RuntimeContext)
  if (!runtime) throw new Error('useRuntime() is only available inside the signed-in layout.')
  return runtime
}
