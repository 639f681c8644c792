/**
 * Staff from the server, as React state: a page of the list, or one member.
 * They are asked again when the connection returns, so an Admin who opened
 * the screen offline sees it fill in by itself.
 */
import { useEffect, useState } from 'react'
import type { ListResponse } from '../../domain/rest'
import type { Account } from '../../domain/user'
import { AccountError, STAFF_OFFLINE_TEXT } from '../../sync/user-calls'
import { useOnline } from '../../ui/use-online'
import { useRuntime } from '../records/runtime-context'

interface Loaded<T> {
  data: T | null
  error: AccountError | null
  loading: boolean
  reload: () => void
}

const asStaffError = (error: unknown) =>
  error instanceof AccountError
    ? error
    : new AccountError(error instanceof Error ? error.message : String(error))

function useServerRead<T>(read: () => Promise<T>, key: string): Loaded<T> {
  const online = useOnline()
  const [revision, setRevision] = useState(0)
  const [state, setState] = useState<Omit<Loaded<T>, 'reload'>>({ data: null, error: null, loading: true })

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names everything `read` depends on.
  useEffect(() => {
    if (!online) {
      setState((current) => ({
        ...current,
        error: new AccountError(STAFF_OFFLINE_TEXT, [], true),
        loading: false,
      }))
      return
    }
    let live = true
    setState((current) => ({ ...current, loading: true }))
    read().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error) => live && setState((current) => ({ ...current, error: asStaffError(error), loading: false })),
    )
    return () => {
      live = false
    }
  }, [key, online, revision])

  return { ...state, reload: () => setRevision((n) => n + 1) }
}

export function useStaffPage(query: {
  search: string
  page: number
  size: number
}): Loaded<ListResponse<Account>> {
  const { users } = useRuntime()
  return useServerRead(() => users.list(query), JSON.stringify(query))
}

export function useStaffMember(id: string): Loaded<Account> {
  const { users } = useRuntime()
  return useServerRead(() => users.get(id), id)
}
