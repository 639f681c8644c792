/**
 * The engine's observable state for the UI (a tiny store; the React hook that
 * reads it lives outside src/sync). Counts of queued work come from Dexie live
 * queries instead, so every tab sees them.
 */
export type Activity = 'idle' | 'syncing' | 'offline' | 'signed-out'

export interface SyncState {
  activity: Activity
  lastSyncAt: number | null
  lastError: string | null
  /** First download: records so far and the total, when known. */
  hydrate: { done: number; total: number | null } | null
}

export class SyncStatus {
  private state: SyncState = { activity: 'idle', lastSyncAt: null, lastError: null, hydrate: null }
  private listeners = new Set<() => void>()

  get = () => this.state

  set(patch: Partial<SyncState>) {
    this.state = { ...this.state, ...patch }
    for (const listener of this.listeners) listener()
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
