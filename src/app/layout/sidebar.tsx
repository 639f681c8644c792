/** The white sidebar (sidebar colour white, active colour primary). */
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import type { SessionUser } from '../../session/stored-user'
import { cx } from '../../ui/cx'
import { CloseIcon } from '../../ui/icons'
import { iconButton } from '../../ui/styles'
import { SidebarNav } from './sidebar-nav'
import { UserCard } from './user-card'

interface SidebarProps {
  user: SessionUser
  open: boolean
  onClose: () => void
}

export function Sidebar({ user, open, onClose }: SidebarProps) {
  const closeButton = useRef<HTMLButtonElement>(null)
  // Opened as a drawer: move focus into it, so the keyboard follows what the eye sees.
  useEffect(() => {
    if (open) closeButton.current?.focus()
  }, [open])

  return (
    <aside
      id="sidebar"
      aria-label="Sidebar"
      className={cx(
        'fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-slate-200 bg-sidebar-white transition-transform',
        // Closed on a small screen it is also invisible, so it leaves the tab order and the accessibility tree.
        open ? 'visible translate-x-0 shadow-xl' : 'invisible -translate-x-full lg:visible lg:translate-x-0',
      )}
    >
      <div className="flex h-14 items-center justify-between border-b border-slate-200 px-4">
        <Link
          to="/"
          onClick={onClose}
          className="flex items-center gap-2 rounded-md font-semibold text-slate-900"
        >
          <img src="/favicon.svg" alt="" className="size-7" />
          Outpost
        </Link>
        <button
          ref={closeButton}
          type="button"
          aria-label="Close menu"
          onClick={onClose}
          className={cx(iconButton, 'lg:hidden')}
        >
          <CloseIcon />
        </button>
      </div>
      <div className="flex-1 space-y-4 overflow-y-auto p-3">
        <UserCard user={user} onNavigate={onClose} />
        <div className="border-t border-slate-100" />
        <SidebarNav role={user.role} onNavigate={onClose} />
      </div>
    </aside>
  )
}
