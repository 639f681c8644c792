/**
 * The frame of every signed-in screen. The guard has already checked that a
 * user is stored; this builds their sync runtime (keyed by user id, so another
 * user never sees this one's database) and lays out the shell. When the app
 * locks, the lock screen covers the shell and the shell is hidden and inert,
 * but stays mounted: a half-typed form is still there after unlocking.
 */
import { Navigate } from '@tanstack/react-router'
import { useState } from 'react'
import { LockScreen, useLocked } from '../../features/lock'
import { type SessionUser, storedUser } from '../../session/stored-user'
import { AppShell } from './app-shell'
import { RuntimeProvider } from './runtime-provider'
import { useIdleLock } from './use-idle-lock'
import { useSessionWatch } from './use-session-watch'

function LockableShell({ user }: { user: SessionUser }) {
  const locked = useLocked(user.id)
  useIdleLock(user.id)
  return (
    <>
      <div hidden={locked} inert={locked}>
        <AppShell user={user} />
      </div>
      {locked && <LockScreen user={user} />}
    </>
  )
}

export function SignedInLayout() {
  const [user] = useState(storedUser)
  useSessionWatch(user?.id ?? null)
  if (!user) return <Navigate to="/login" />
  return (
    <RuntimeProvider key={user.id} user={user}>
      <LockableShell user={user} />
    </RuntimeProvider>
  )
}
