/** Whether this user's app is locked, following a lock or unlock in this tab or another. */
import { useSyncExternalStore } from 'react'
import { isLocked, subscribeLock } from '../../session/lock'

export const useLocked = (userId: string) => useSyncExternalStore(subscribeLock, () => isLocked(userId))
