/** What a list shows with no rows: nothing yet, nothing matching, or the first download still running. */
import { Link } from '@tanstack/react-router'
import { formatCount } from '../../domain/paging'
import { button } from '../../ui/styles'
import type { EntityScreen } from './screens'

interface ListEmptyProps {
  screen: EntityScreen
  search: string
  /** The first download while it runs: records so far and the total when known. */
  download: { done: number; total: number | null } | null
}

export function ListEmpty({ screen, search, download }: ListEmptyProps) {
  const { plural, emptyHint, firstButton } = screen.texts
  let body: React.ReactNode
  if (search) {
    body = (
      <p className="font-medium text-slate-900">
        No {plural} match "{search}"
      </p>
    )
  } else if (download) {
    // Never 'No contacts yet' while records are still arriving.
    const { done, total } = download
    body = (
      <>
        <p className="font-medium text-slate-900">Downloading {plural}…</p>
        <p className="text-sm text-slate-500" aria-live="polite">
          {total
            ? `${formatCount(done)} of ${formatCount(total)} records on this device`
            : `${formatCount(done)} records so far`}
        </p>
        {total ? (
          <progress
            className="mt-2 h-1.5 w-48 accent-brand"
            max={total}
            value={done}
            aria-label="Download progress"
          />
        ) : null}
      </>
    )
  } else {
    body = (
      <>
        <p className="font-medium text-slate-900">No {plural} yet</p>
        <p className="text-sm text-slate-500">{emptyHint}</p>
        <Link to={screen.paths.add} className={`${button.primary} mt-2`}>
          {firstButton}
        </Link>
      </>
    )
  }
  return <div className="flex flex-col items-center gap-1 px-6 py-14 text-center">{body}</div>
}
