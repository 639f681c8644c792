/**
 * The top bar's sync state: a coloured dot and a few words, announced politely
 * when they change. With changes needing a decision it links to the page that
 * lists them.
 */
import { Link } from '@tanstack/react-router'
import { type SyncTone, useSyncSummary } from '../../features/sync-status'
import { cx } from '../../ui/cx'

const dots: Record<SyncTone, string> = {
  ok: 'bg-emerald-500',
  busy: 'bg-sky-500 animate-pulse',
  waiting: 'bg-amber-500',
  offline: 'bg-slate-400',
  attention: 'bg-red-500',
}

export function SyncChip() {
  const { label, short, tone, hint, issues, activity } = useSyncSummary()
  const chip = cx(
    'inline-flex h-7 items-center gap-2 rounded-full border px-2.5 text-xs font-medium whitespace-nowrap',
    tone === 'attention'
      ? 'border-red-200 bg-red-50 text-red-700'
      : 'border-slate-200 bg-white text-slate-600',
  )
  const content = (
    <>
      <span aria-hidden="true" className={cx('size-2 rounded-full', dots[tone])} />
      {/* The chip keeps its width as a sync starts and ends ('Online', 'Syncing…'), so the top bar does not
          shift on every run: the label holds the room of 'Syncing…', and on a phone the dot alone says both.
          Otherwise a phone shows the short label ('Offline · 2'): the whole one would push the bar past the
          screen's edge. A screen reader hears the whole one. */}
      <span className={cx('sm:min-w-15', 'max-sm:sr-only')}>{label}</span>
      {tone !== 'ok' && tone !== 'busy' && (
        <span aria-hidden="true" className="sm:hidden">
          {short}
        </span>
      )}
    </>
  )
  // The live region stays the same element either way, so a change of state is still announced.
  return (
    <span role="status">
      {issues > 0 && activity !== 'signed-out' ? (
        <Link to="/sync-issues" title={hint} className={cx(chip, 'hover:bg-red-100')}>
          {content}
        </Link>
      ) : (
        <span title={hint} className={chip}>
          {content}
        </span>
      )}
    </span>
  )
}
