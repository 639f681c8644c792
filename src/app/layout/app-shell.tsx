/**
 * Sidebar, top bar, the screen, the footer. Below 1024 px the sidebar is a
 * drawer opened from the top bar's menu button; it closes on navigation, on
 * Escape and on a click beside it. Closing the tab with unsynced changes asks first.
 */
import { Outlet } from '@tanstack/react-router'
import { type ReactNode, useEffect, useState } from 'react'
import { useFollowAccount } from '../../features/profile'
import type { SessionUser } from '../../session/stored-user'
import { Footer } from './footer'
import { LeaveGuard } from './leave-guard'
import { Sidebar } from './sidebar'
import { TopBar } from './top-bar'
import { useUnloadWarning } from './use-unload-warning'

/** `notice`: what the signed-in layout must say above every screen (an evicted mirror). */
export function AppShell({ user, notice }: { user: SessionUser; notice?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false)
  useUnloadWarning()
  // The sidebar's name, photo and role follow the account as the device has it.
  useFollowAccount()

  useEffect(() => {
    if (!menuOpen) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false)
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [menuOpen])

  return (
    <div className="min-h-dvh bg-slate-50 lg:pl-64">
      {menuOpen && (
        <div
          aria-hidden="true"
          className="fixed inset-0 z-30 bg-slate-900/30 lg:hidden"
          onClick={() => setMenuOpen(false)}
        />
      )}
      <Sidebar user={user} open={menuOpen} onClose={() => setMenuOpen(false)} />
      <div className="flex min-h-dvh min-w-0 flex-col">
        <TopBar menuOpen={menuOpen} onMenu={() => setMenuOpen(!menuOpen)} />
        {/* At least the viewport's height below the top bar (h-14), so the footer starts below the fold: a
            screen whose code or rows arrive a frame after the shell then never pushes a visible footer down
            (a layout shift). */}
        <main
          id="main"
          className="mx-auto min-h-[calc(100dvh-3.5rem)] w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8"
        >
          {notice}
          <Outlet />
        </main>
        <Footer />
      </div>
      <LeaveGuard />
    </div>
  )
}
