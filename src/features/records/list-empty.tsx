/** What a list shows with no rows: nothing yet, nothing matching, or the first download still running. */
import { Link } from '@tanstack/react-router'
import { button } from '../../ui/styles'
import type { EntityScreen } from './screens'

interface ListEmptyProps {
  screen: EntityScreen
  search: string
  downloading: boolean
}

export function ListEmpty({ screen, search, downloading }: ListEmptyProps) {
  const { plural, emptyHint, firstButton } = screen.texts
  let body: React.ReactNode
  if (search) {
    body = (
      <p className="font-medium text-slate-900">
        No {plural} match "{search}"
      </p>
    )
  } else if (downloading) {
    body = <p className="font-medium text-slate-900">Downloading {plural}…</p>
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
