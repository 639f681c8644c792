/**
 * The sidebar's navigation. Groups are collapsed by default and open when one
 * of their screens is current; the user can still fold them.
 */
import { Link, useRouterState } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { RoleName } from '../../domain/rest'
import type { SidebarTheme } from '../../features/settings'
import { attentionText, useIssueCount } from '../../features/sync-status'
import { cx } from '../../ui/cx'
import { ChevronDownIcon } from '../../ui/icons'
import { isCurrent, isGroup, type NavGroupEntry, type NavLinkEntry, visibleNavigation } from './navigation'

const item =
  'flex h-9 pointer-coarse:h-11 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors'

/** The live counts a nav entry may show beside its label (NavLinkEntry.badge). */
type BadgeCounts = Record<NonNullable<NavLinkEntry['badge']>, number>

interface NavProps {
  theme: SidebarTheme
  pathname: string
  counts: BadgeCounts
  onNavigate: () => void
}

function NavLink({ entry, theme, pathname, counts, onNavigate }: NavProps & { entry: NavLinkEntry }) {
  const current = isCurrent(entry, pathname)
  const Icon = entry.icon
  const count = entry.badge ? counts[entry.badge] : 0
  return (
    <Link
      to={entry.to}
      onClick={onNavigate}
      aria-current={current ? 'page' : undefined}
      // The badge is a bare number on screen; the link's name says what it counts.
      aria-label={count ? `${entry.label} (${attentionText(count)})` : undefined}
      className={cx(item, current ? theme.current : theme.idle, !Icon && 'pl-10')}
    >
      {Icon && <Icon />}
      <span className="flex-1">{entry.label}</span>
      {count > 0 && (
        <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700 tabular-nums">
          {count}
        </span>
      )}
    </Link>
  )
}

function NavGroup({ entry, ...shared }: NavProps & { entry: NavGroupEntry }) {
  const { theme, pathname } = shared
  const hasCurrent = entry.children.some((child) => isCurrent(child, pathname))
  // null: follow the route; true/false: the user folded or unfolded it.
  const [chosen, setChosen] = useState<boolean | null>(null)
  const expanded = chosen ?? hasCurrent
  const listId = useId()
  const Icon = entry.icon
  return (
    <li>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setChosen(!expanded)}
        className={cx(item, 'w-full', theme.idle, hasCurrent && theme.strong)}
      >
        <Icon />
        <span className="flex-1 text-left">{entry.label}</span>
        <ChevronDownIcon className={cx('size-4 transition-transform', expanded && 'rotate-180')} />
      </button>
      {expanded && (
        <ul id={listId} className="mt-1 space-y-1">
          {entry.children.map((child) => (
            <li key={child.label}>
              <NavLink entry={child} {...shared} />
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

export function SidebarNav({
  role,
  theme,
  onNavigate,
}: {
  role: RoleName
  theme: SidebarTheme
  onNavigate: () => void
}) {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const counts: BadgeCounts = { syncIssues: useIssueCount() }
  const shared = { theme, pathname, counts, onNavigate }
  return (
    <nav aria-label="Main">
      <ul className="space-y-1">
        {visibleNavigation(role).map((entry) =>
          isGroup(entry) ? (
            <NavGroup key={entry.label} entry={entry} {...shared} />
          ) : (
            <li key={entry.label}>
              <NavLink entry={entry} {...shared} />
            </li>
          ),
        )}
      </ul>
    </nav>
  )
}
