/** The top bar's sync state: a coloured dot and a few words, announced politely when they change. */
import { cx } from '../../ui/cx'
import { type SyncTone, useSyncSummary } from '../sync-summary'

const dots: Record<SyncTone, string> = {
  ok: 'bg-emerald-500',
  busy: 'bg-sky-500 animate-pulse',
  waiting: 'bg-amber-500',
  offline: 'bg-slate-400',
  attention: 'bg-red-500',
}

const hints: Record<SyncTone, string> = {
  ok: 'Everything is on the server.',
  busy: 'Sending and receiving changes.',
  waiting: 'Saved on this device; sent to the server shortly.',
  offline: 'No connection. You can keep working; changes are sent when the connection returns.',
  attention: 'Your session has ended. Log out and sign in again to sync; your changes stay on this device.',
}

export function SyncChip() {
  const { label, tone } = useSyncSummary()
  return (
    <span
      role="status"
      title={hints[tone]}
      className={cx(
        'inline-flex h-7 items-center gap-2 rounded-full border px-2.5 text-xs font-medium whitespace-nowrap',
        tone === 'attention'
          ? 'border-red-200 bg-red-50 text-red-700'
          : 'border-slate-200 bg-white text-slate-600',
      )}
    >
      <span aria-hidden="true" className={cx('size-2 rounded-full', dots[tone])} />
      <span className={cx(tone === 'ok' && 'max-sm:sr-only')}>{label}</span>
    </span>
  )
}
