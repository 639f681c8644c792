/** Above every screen: the browser tab's title, and the notifications, bottom right, which outlive a sign-out. */
import { Outlet } from '@tanstack/react-router'
import { useEffect } from 'react'
import { Toaster } from 'sonner'
import { useRouteTitle } from './layout/use-route-title'

const APP_NAME = 'Outpost'

export function RootLayout() {
  const title = useRouteTitle()
  // 'Companies · Outpost': a tab, the history and a bookmark name the screen, not just the app.
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME
  }, [title])
  return (
    <>
      <Outlet />
      <Toaster position="bottom-right" richColors closeButton />
    </>
  )
}
