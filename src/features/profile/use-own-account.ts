/** The signed-in user's account as this device mirrors it, with its changes still queued. No network here. */
import { useLiveQuery } from 'dexie-react-hooks'
import { useRuntime } from '../../app/runtime-context'
import type { OutboxOp } from '../../db/outbox-types'
import { opsFor } from '../../db/record-writes'
import type { Account } from '../../domain/user'

const NO_OPS: OutboxOp[] = []

export interface OwnAccount {
  /** undefined while reading; null until the first sync has brought it to this device. */
  account: Account | null | undefined
  ops: OutboxOp[]
}

export function useOwnAccount(): OwnAccount {
  const { db, user } = useRuntime()
  const account = useLiveQuery(async () => (await db.users.get(user.id)) ?? null, [db, user.id])
  const ops = useLiveQuery(() => opsFor(db, 'users', user.id), [db, user.id]) ?? NO_OPS
  return { account, ops }
}
