/** The overview's account of syncing: state, when it last worked, what is waiting, and the first download's progress. */

import { card } from '../../ui/styles'
import { timeFormat } from '../../ui/time-format'
import { useSyncSummary } from '../sync-status'

export function SyncCard() {
  const summary = useSyncSummary()
  const { label, lastSyncAt, lastError, hydrate, unsynced, activity } = summary
  return (
    <section aria-labelledby="sync-card" className={`${card} flex flex-col gap-3 p-5`}>
      <h3 id="sync-card" className="text-sm font-medium text-slate-500">
        Sync
      </h3>
      <p className="text-lg font-semibold text-slate-900">{label}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <dt className="text-slate-500">Last synced</dt>
        <dd className="text-slate-800">{lastSyncAt ? timeFormat.format(lastSyncAt) : 'Not yet'}</dd>
        <dt className="text-slate-500">Waiting to be sent</dt>
        <dd className="text-slate-800">{unsynced ?? '…'}</dd>
        {hydrate && (
          <>
            <dt className="text-slate-500">Downloading</dt>
            <dd className="text-slate-800">
              {hydrate.done}
              {hydrate.total ? ` of ${hydrate.total}` : ''} records
            </dd>
          </>
        )}
      </dl>
      {activity === 'signed-out' && (
        <p className="text-[13px] text-red-700">
          Your session has ended. Log out and sign in again to sync; your changes stay on this device.
        </p>
      )}
      {lastError && activity !== 'signed-out' && <p className="text-[13px] text-amber-800">{lastError}</p>}
    </section>
  )
}
