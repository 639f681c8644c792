/**
 * A read that needs the server (staff administration, the Trash) as React
 * state. It is asked again when the connection returns, so a screen opened
 * offline fills in by itself.
 */
import { useEffect, useState } from 'react'
import { OnlineCallError } from '../../sync/online-call'
import { useOnline } from '../../ui/use-online'

export interface Loaded<T> {
  data: T | null
  error: OnlineCallError | null
  loading: boolean
  reload: () => void
}

const asCallError = (error: unknown) =>
  error instanceof OnlineCallError
    ? error
    : new OnlineCallError(error instanceof Error ? error.message : String(error))

/**
 * `read` as React state, asked again when `key` changes and when the connection returns; offline
 * it answers `offlineText` at once, without trying.
 */
export function useServerRead<T>(read: () => Promise<T>, key: string, offlineText: string): Loaded<T> {
  const online = useOnline()
  const [revision, setRevision] = useState(0)
  const [state, setState] = useState<Omit<Loaded<T>, 'reload'>>({ data: null, error: null, loading: true })

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names everything `read` depends on.
  useEffect(() => {
    if (!online) {
      setState((current) => ({
        ...current,
        error: new OnlineCallError(offlineText, [], true),
        loading: false,
      }))
      return
    }
    let live = true
    setState((current) => ({ ...current, loading: true }))
    read().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error) => live && setState((current) => ({ ...current, error: asCallError(error), loading: false })),
    )
    return () => {
      live = false
    }
  }, [key, online, revision])

  return { ...state, reload: () => setRevision((n) => n + 1) }
}
