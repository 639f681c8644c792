/**
 * The signed-in user at the top of the sidebar: a photo placeholder with their
 * initials, their name and role. The user menu (My Profile,
 * Settings) lists only the entries whose screens exist, so it never leads to a 404.
 */
import { Link, useRouter } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { SessionUser } from '../../session/stored-user'
import { cx } from '../../ui/cx'
import { ChevronDownIcon } from '../../ui/icons'

const userMenu = [
  { label: 'My Profile', to: '/users/me' },
  { label: 'Settings', to: '/users/settings' },
] as const

export function displayName(user: SessionUser) {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || 'Signed in'
}

export function initials(user: SessionUser) {
  const letters = [user.firstName, user.lastName].map((part) => part.trim().charAt(0)).join('')
  return (letters || user.email.charAt(0) || '?').toUpperCase()
}

export function UserCard({ user, onNavigate }: { user: SessionUser; onNavigate: () => void }) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const items = userMenu.filter((entry) => entry.to in router.routesByPath)

  const identity = (
    <>
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand text-xs font-semibold text-white"
      >
        {initials(user)}
      </span>
      <span className="min-w-0 flex-1 text-left">
        <span className="block truncate text-sm font-medium text-slate-900">{displayName(user)}</span>
        <span className="block truncate text-xs text-slate-500">{user.role}</span>
      </span>
    </>
  )

  if (items.length === 0) return <div className="flex items-center gap-3 px-3 py-2">{identity}</div>
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center gap-3 rounded-md px-3 py-2 hover:bg-slate-100"
      >
        {identity}
        <ChevronDownIcon className={cx('size-4 text-slate-400 transition-transform', open && 'rotate-180')} />
      </button>
      {open && (
        <ul id={menuId} className="mt-1 space-y-1 pl-12">
          {items.map((entry) => (
            <li key={entry.to}>
              <Link
                to={entry.to as string}
                onClick={onNavigate}
                className="block rounded-md px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-100"
              >
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
