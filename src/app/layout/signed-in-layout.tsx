/**
 * The frame of every signed-in screen. The guard has already checked that a
 * user is stored; this builds their sync runtime (keyed by user id, so another
 * user never sees this one's database) and lays out the shell.
 */
import { Navigate } from '@tanstack/react-router'
import { useState } from 'react'
import { storedUser } from '../../session/stored-user'
import { AppShell } from './app-shell'
import { RuntimeProvider } from './runtime-provider'
import { useSessionWatch } from './use-session-watch'

export function SignedInLayout() {
  const [user] = useState(storedUser)
  useSessionWatch(user?.id ?? null)
  if (!user) return <Navigate to="/login" />
  return (
    <RuntimeProvider key={user.id} user={user}>
      <AppShell user={user} />
    </RuntimeProvider>
  )
}
