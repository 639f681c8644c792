/**
 * The sidebar's navigation. Groups are collapsed by default and open when one
 * of their screens is current (SPEC.md §2); the user can still fold them.
 */
import { Link, useRouterState } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { RoleName } from '../../domain/api'
import { cx } from '../../ui/cx'
import { ChevronDownIcon } from '../../ui/icons'
import { isCurrent, isGroup, type NavGroupEntry, type NavLinkEntry, visibleNavigation } from './navigation'

const item =
  'flex h-9 pointer-coarse:h-11 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors'
const idle = 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
const active = 'bg-brand-light/60 text-active-primary'

function NavLink({
  entry,
  pathname,
  onNavigate,
}: {
  entry: NavLinkEntry
  pathname: string
  onNavigate: () => void
}) {
  const current = isCurrent(entry, pathname)
  const Icon = entry.icon
  return (
    <Link
      to={entry.to}
      onClick={onNavigate}
      aria-current={current ? 'page' : undefined}
      className={cx(item, current ? active : idle, !Icon && 'pl-10')}
    >
      {Icon && <Icon />}
      {entry.label}
    </Link>
  )
}

function NavGroup({
  entry,
  pathname,
  onNavigate,
}: {
  entry: NavGroupEntry
  pathname: string
  onNavigate: () => void
}) {
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
        className={cx(item, 'w-full', hasCurrent ? 'text-slate-900' : idle)}
      >
        <Icon />
        <span className="flex-1 text-left">{entry.label}</span>
        <ChevronDownIcon className={cx('size-4 transition-transform', expanded && 'rotate-180')} />
      </button>
      {expanded && (
        <ul id={listId} className="mt-1 space-y-1">
          {entry.children.map((child) => (
            <li key={child.label}>
              <NavLink entry={child} pathname={pathname} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

export function SidebarNav({ role, onNavigate }: { role: RoleName; onNavigate: () => void }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  return (
    <nav aria-label="Main">
      <ul className="space-y-1">
        {visibleNavigation(role).map((entry) =>
          isGroup(entry) ? (
            <NavGroup key={entry.label} entry={entry} pathname={pathname} onNavigate={onNavigate} />
          ) : (
            <li key={entry.label}>
              <NavLink entry={entry} pathname={pathname} onNavigate={onNavigate} />
            </li>
          ),
        )}
      </ul>
    </nav>
  )
}
