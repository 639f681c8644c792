/**
 * One picture of "is my work on the server?", for the top-bar chip and the
 * overview: the browser's connection, the engine's activity, and live counts
 * of the changes still in the outbox and of those needing a decision.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useSyncExternalStore } from 'react'
import { useRuntime } from '../../app/runtime-context'
import { META, readMeta } from '../../db/meta'
import type { SyncState } from '../../sync/status'
import { useOnline } from '../../ui/use-online'
import { attentionText, useIssueCount } from './use-issue-count'
import { useQueuedCount } from './use-queued-count'

export type SyncTone = 'ok' | 'busy' | 'waiting' | 'offline' | 'attention'

export interface SyncSummary extends SyncState {
  online: boolean
  /** Changes made here that the server does not have yet; undefined until counted. */
  unsynced: number | undefined
  /** Refused or conflicting changes and deletion notices: what the sync-issues page lists. */
  issues: number
  label: string
  /** The label in a phone's top bar, where the whole one would push the bar past the screen's edge. */
  short: string
  tone: SyncTone
  /** One sentence on what the state means for the user's work. */
  hint: string
}

export const changesText = (count: number) => `${count} ${count === 1 ? 'change' : 'changes'} not synced`

export function describeSync(state: SyncState, online: boolean, unsynced: number | undefined, issues = 0) {
  const pending = unsynced ?? 0
  if (state.activity === 'signed-out') {
    return {
      label: 'Sign in to sync',
      short: 'Sign in',
      tone: 'attention' as const,
      hint: 'Your session has ended. Log out and sign in again to sync; your changes stay on this device.',
    }
  }
  // Ahead of the connection state: these wait for the user, not for the network.
  if (issues) {
    return {
      label: attentionText(issues),
      short: `${issues} to check`,
      tone: 'attention' as const,
      hint: 'Some changes were not accepted by the server. Open the sync issues to decide what to keep.',
    }
  }
  if (!online || state.activity === 'offline') {
    return {
      label: pending ? `Offline · ${changesText(pending)}` : 'Offline',
      short: pending ? `Offline · ${pending}` : 'Offline',
      tone: 'offline' as const,
      hint: 'No connection. You can keep working; changes are sent when the connection returns.',
    }
  }
  if (state.activity === 'syncing') {
    return {
      label: 'Syncing…',
      short: 'Syncing…',
      tone: 'busy' as const,
      hint: 'Sending and receiving changes.',
    }
  }
  if (pending) {
    return {
      label: changesText(pending),
      short: `${pending} to sync`,
      tone: 'waiting' as const,
      hint: 'Saved on this device; sent to the server shortly.',
    }
  }
  return { label: 'Online', short: 'Online', tone: 'ok' as const, hint: 'Everything is on the server.' }
}

export function useSyncSummary(): SyncSummary {
  const { db, engine } = useRuntime()
  const online = useOnline()
  const state = useSyncExternalStore(engine.status.subscribe, engine.status.get)
  const unsynced = useQueuedCount()
  // Kept in the database, so a reload (offline too) still knows when the last sync worked.
  const storedSyncAt = useLiveQuery(() => readMeta<number | null>(db, META.lastSyncAt, null), [db])
  const issues = useIssueCount()
  const lastSyncAt = Math.max(state.lastSyncAt ?? 0, storedSyncAt ?? 0) || null
  return { ...state, lastSyncAt, online, unsynced, issues, ...describeSync(state, online, unsynced, issues) }
}
