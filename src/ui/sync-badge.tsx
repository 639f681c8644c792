/** The small per-record marker for work that has not reached the server. Synced records show nothing. */
import { createContext, useContext } from 'react'
import { cx } from './cx'

export type BadgeState = 'synced' | 'pending' | 'failed' | 'conflict'

const badges: Record<Exclude<BadgeState, 'synced'>, { text: string; title: string; className: string }> = {
  pending: {
    text: 'Not synced',
    title: 'Saved on this device; it is sent to the server when there is a connection.',
    className: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  },
  failed: {
    text: 'Not saved',
    title: 'The server refused this change. Open the record to see why.',
    className: 'bg-red-50 text-red-700 ring-red-600/20',
  },
  conflict: {
    text: 'Conflict',
    title: 'Someone else changed this record at the same time.',
    className: 'bg-red-50 text-red-700 ring-red-600/20',
  },
}

export function SyncBadge({ state }: { state: BadgeState | undefined }) {
  if (!state || state === 'synced') return null
  const badge = badges[state]
  return (
    <span
      title={badge.title}
      className={cx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-[11px] font-medium whitespace-nowrap ring-1 ring-inset',
        badge.className,
      )}
    >
      {badge.text}
    </span>
  )
}

/**
 * A list's sync states by record id, handed to its rows through context so the
 * table's columns stay the same objects (and its cells keep focus) while the
 * outbox changes.
 */
export const RowSyncStates = createContext<ReadonlyMap<string, BadgeState>>(new Map())

export function RowSyncBadge({ id }: { id: string }) {
  return <SyncBadge state={useContext(RowSyncStates).get(id)} />
}
