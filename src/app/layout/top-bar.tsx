/**
 * The top bar: the screen's name, the search over every entity, the sync
 * state, Home, the chat workspace (when configured) and Log Out.
 */
import { Link } from '@tanstack/react-router'
import { GlobalSearch } from '../../features/search'
import { cx } from '../../ui/cx'
import { HomeIcon, MenuIcon } from '../../ui/icons'
import { iconButton } from '../../ui/styles'
import { ChatLink } from './chat-link'
import { LogOutLink } from './log-out-link'
import { SyncChip } from './sync-chip'
import { topBarLink } from './top-bar-link'
import { useRouteTitle } from './use-route-title'

export function TopBar({ menuOpen, onMenu }: { menuOpen: boolean; onMenu: () => void }) {
  const title = useRouteTitle()
  return (
    <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6 lg:px-8">
      <button
        type="button"
        aria-label="Open menu"
        aria-expanded={menuOpen}
        aria-controls="sidebar"
        onClick={onMenu}
        className={cx(iconButton, '-ml-2 lg:hidden')}
      >
        <MenuIcon className="size-5" />
      </button>
      <h1 className="min-w-0 truncate text-base font-semibold text-slate-900">{title}</h1>
      <GlobalSearch />
      <div className="flex items-center gap-1">
        <SyncChip />
        <Link to="/" className={topBarLink}>
          <HomeIcon />
          <span className="max-sm:sr-only">Home</span>
        </Link>
        <ChatLink />
        <LogOutLink />
      </div>
    </header>
  )
}
