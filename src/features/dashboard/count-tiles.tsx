/**
 * One tile per entity with how many this device holds, each opening its list,
 * and the changes still waiting to be sent. Counted by IndexedDB itself (no
 * row is read), again after every change, in this tab or another.
 */
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { useRuntime } from '../../app/runtime-context'
import { mirrorOf } from '../../db/tables'
import { SyncIcon } from '../../ui/icons'
import { card } from '../../ui/styles'
import { SCREENS } from '../records/screens'
import { useQueuedCount } from '../sync-status'
import { formatCount } from './format'

const tile = `${card} flex h-full min-h-24 flex-col justify-between gap-2 p-4`

export function CountTiles() {
  const { db } = useRuntime()
  const counts = useLiveQuery(
    () => Promise.all(SCREENS.map((screen) => mirrorOf(db, screen.collection).count())),
    [db],
  )
  const waiting = useQueuedCount()
  return (
    <ul aria-label="Records on this device" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
      {SCREENS.map((screen, i) => {
        const Icon = screen.nav.icon
        return (
          <li key={screen.collection}>
            <Link
              to={screen.paths.list}
              aria-label={`${screen.nav.label}: ${counts ? formatCount(counts[i] ?? 0) : 'counting'}`}
              className={`${tile} group transition-colors hover:border-brand/40 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand`}
            >
              <span className="flex items-center gap-2 text-sm font-medium text-slate-500 group-hover:text-slate-700">
                <Icon />
                {screen.nav.label}
              </span>
              <span className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">
                {counts ? formatCount(counts[i] ?? 0) : '…'}
              </span>
            </Link>
          </li>
        )
      })}
      <li className={tile}>
        <span className="flex items-center gap-2 text-sm font-medium text-slate-500">
          <SyncIcon />
          Not synced
        </span>
        <span className="flex items-baseline gap-2">
          <span className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">
            {waiting === undefined ? '…' : formatCount(waiting)}
          </span>
          {waiting !== undefined && (
            <span className="text-xs text-slate-500">{waiting === 0 ? 'all sent' : 'waiting'}</span>
          )}
        </span>
      </li>
    </ul>
  )
}
