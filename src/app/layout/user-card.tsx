/**
 * The signed-in user at the top of the sidebar: their photo (initials when
 * there is none) and name, opening a menu: My Profile, Settings, Lock. A menu
 * entry shows only when its screen exists, so it never leads to a 404.
 */
import { Link, useRouter } from '@tanstack/react-router'
import { type ComponentType, useId, useState } from 'react'
import type { SidebarTheme } from '../../features/settings'
import { lock } from '../../session/lock'
import type { SessionUser } from '../../session/stored-user'
import { displayName, initials, photoUrl } from '../../session/user-name'
import { Avatar } from '../../ui/avatar'
import { cx } from '../../ui/cx'
import { ChevronDownIcon, LockIcon, SettingsIcon, UserIcon } from '../../ui/icons'

const userMenu: readonly { label: string; to: string; icon: ComponentType }[] = [
  { label: 'My Profile', to: '/users/me', icon: UserIcon },
  { label: 'Settings', to: '/users/settings', icon: SettingsIcon },
]

const entry = 'flex h-9 pointer-coarse:h-11 w-full items-center gap-3 rounded-md px-3 text-sm'

export function UserCard({
  user,
  theme,
  onNavigate,
}: {
  user: SessionUser
  theme: SidebarTheme
  onNavigate: () => void
}) {
  const router = useRouter()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const links = userMenu.filter((item) => item.to in router.routesByPath)
  // The role is a second line only under a real name; with no name the email stands alone.
  const named = Boolean(user.firstName || user.lastName)

  // The lock screen covers the shell where it stands, so a form being typed into keeps its text.
  const lockNow = () => {
    setOpen(false)
    onNavigate()
    lock(user.id)
  }

  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Your account (${displayName(user)})`}
        onClick={() => setOpen(!open)}
        className={cx('flex w-full items-center gap-3 rounded-md px-3 py-2', theme.idle)}
      >
        <Avatar src={photoUrl(user)} initials={initials(user)} className="size-9 text-xs" />
        <span className="min-w-0 flex-1 text-left">
          <span className={cx('block truncate text-sm font-medium', theme.strong)}>{displayName(user)}</span>
          {named && <span className={cx('block truncate text-xs', theme.muted)}>{user.role}</span>}
        </span>
        <ChevronDownIcon className={cx('size-4 transition-transform', theme.muted, open && 'rotate-180')} />
      </button>
      {open && (
        <ul id={menuId} className="mt-1 space-y-1 pl-6">
          {links.map((item) => (
            <li key={item.to}>
              <Link to={item.to} onClick={onNavigate} className={cx(entry, theme.idle)}>
                <item.icon />
                {item.label}
              </Link>
            </li>
          ))}
          <li>
            <button type="button" onClick={lockNow} className={cx(entry, theme.idle)}>
              <LockIcon />
              Lock
            </button>
          </li>
        </ul>
      )}
    </div>
  )
}
