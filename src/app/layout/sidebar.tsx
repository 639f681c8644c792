/** The sidebar, in the colours the user chose in Settings (white, brown or black; the current entry in the active colour). */
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { sidebarTheme, usePreferences } from '../../features/settings'
import type { SessionUser } from '../../session/stored-user'
import { cx } from '../../ui/cx'
import { CloseIcon } from '../../ui/icons'
import { InstallAction } from './install-action'
import { SidebarNav } from './sidebar-nav'
import { UserCard } from './user-card'

interface SidebarProps {
  user: SessionUser
  open: boolean
  onClose: () => void
}

export function Sidebar({ user, open, onClose }: SidebarProps) {
  const closeButton = useRef<HTMLButtonElement>(null)
  const [preferences] = usePreferences(user.id)
  const theme = sidebarTheme(preferences.sidebar, preferences.active)
  // Opened as a drawer: move focus into it, so the keyboard follows what the eye sees.
  useEffect(() => {
    if (open) closeButton.current?.focus()
  }, [open])

  return (
    <aside
      id="sidebar"
      aria-label="Sidebar"
      data-sidebar-colour={preferences.sidebar}
      className={cx(
        'fixed inset-y-0 left-0 z-40 flex w-64 flex-col transition-transform',
        theme.panel,
        // Closed on a small screen it is also invisible, so it leaves the tab order and the accessibility tree.
        open ? 'visible translate-x-0 shadow-xl' : 'invisible -translate-x-full lg:visible lg:translate-x-0',
      )}
    >
      <div className={cx('flex h-14 items-center justify-between border-b px-4', theme.divider)}>
        <Link
          to="/"
          onClick={onClose}
          className={cx('flex h-11 items-center gap-2 rounded-md font-semibold', theme.strong)}
        >
          <img src="/favicon.svg" alt="" className="size-7" />
          Outpost
        </Link>
        <button
          ref={closeButton}
          type="button"
          aria-label="Close menu"
          onClick={onClose}
          className={cx(
            'inline-flex size-9 pointer-coarse:size-11 items-center justify-center rounded-md lg:hidden',
            theme.idle,
          )}
        >
          <CloseIcon />
        </button>
      </div>
      <div className="flex-1 space-y-4 overflow-y-auto p-3">
        <UserCard user={user} theme={theme} onNavigate={onClose} />
        <div className={cx('border-t', theme.divider)} />
        <SidebarNav role={user.role} theme={theme} onNavigate={onClose} />
      </div>
      <InstallAction theme={theme} />
    </aside>
  )
}
