/**
 * One picture of "is my work on the server?", for the top-bar chip and the
 * overview: the browser's connection, the engine's activity, and a live count
 * of the changes still in the outbox.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useSyncExternalStore } from 'react'
import type { SyncState } from '../sync/status'
import { useRuntime } from './session-context'
import { useOnline } from './use-online'

export type SyncTone = 'ok' | 'busy' | 'waiting' | 'offline' | 'attention'

export interface SyncSummary extends SyncState {
  online: boolean
  /** Changes made here that the server does not have yet; undefined until counted. */
  unsynced: number | undefined
  label: string
  tone: SyncTone
}

export const changesText = (count: number) => `${count} ${count === 1 ? 'change' : 'changes'} not synced`

export function describeSync(state: SyncState, online: boolean, unsynced: number | undefined) {
  const pending = unsynced ?? 0
  if (state.activity === 'signed-out') return { label: 'Sign in to sync', tone: 'attention' as const }
  if (!online || state.activity === 'offline') {
    return { label: pending ? `Offline · ${changesText(pending)}` : 'Offline', tone: 'offline' as const }
  }
  if (state.activity === 'syncing') return { label: 'Syncing…', tone: 'busy' as const }
  if (pending) return { label: changesText(pending), tone: 'waiting' as const }
  return { label: 'Online', tone: 'ok' as const }
}

export function useSyncSummary(): SyncSummary {
  const { db, engine } = useRuntime()
  const online = useOnline()
  const state = useSyncExternalStore(engine.status.subscribe, engine.status.get)
  const unsynced = useLiveQuery(() => db.outbox.count(), [db])
  return { ...state, online, unsynced, ...describeSync(state, online, unsynced) }
}
