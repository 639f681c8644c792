/**
 * The names of the others who have this record open right now (from the feed stream), while this
 * screen tells the server it has it open too (src/sync/presence-board.ts).
 */
import { useEffect, useSyncExternalStore } from 'react'
import { useRuntime } from '../../app/runtime-context'

export function useOthersViewing(collection: string, id: string): readonly string[] {
  const { presence } = useRuntime()
  const record = `${collection}:${id}`
  useEffect(() => {
    presence.viewing(record)
    return () => presence.viewing(null)
  }, [presence, record])
  return useSyncExternalStore(presence.subscribe, () => presence.othersOn(record))
}
