/**
 * Staff from the server, as React state: a page of the list, or one member
 * (records/use-server-read.ts).
 */

import { useRuntime } from '../../app/runtime-context'
import type { ListResponse } from '../../domain/rest'
import type { Account } from '../../domain/user'
import { STAFF_OFFLINE_TEXT } from '../../sync/user-calls'
import { type Loaded, useServerRead } from '../records/use-server-read'

export function useStaffPage(query: {
  search: string
  page: number
  size: number
}): Loaded<ListResponse<Account>> {
  const { users } = useRuntime()
  return useServerRead(() => users.list(query), JSON.stringify(query), STAFF_OFFLINE_TEXT)
}

export function useStaffMember(id: string): Loaded<Account> {
  const { users } = useRuntime()
  return useServerRead(() => users.get(id), id, STAFF_OFFLINE_TEXT)
}
