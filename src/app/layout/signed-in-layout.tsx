/**
 * The frame of every signed-in screen. The guard has already checked that a
 * user is stored; this builds their sync runtime (keyed by user id, so another
 * user never sees this one's database) and lays out the shell. When the app
 * locks, the lock screen covers the shell and the shell is hidden and inert,
 * but stays mounted: a half-typed form is still there after unlocking.
 */
import { Navigate } from '@tanstack/react-router'
import { Suspense, useMemo, useSyncExternalStore } from 'react'
import { LockScreen, useLocked } from '../../features/lock'
import { RecordIssuesProvider } from '../../features/records/record-issues-slot'
import { EvictedBanner } from '../../features/settings'
import {
  type SessionUser,
  storedUser,
  storedUserSnapshot,
  subscribeStoredUser,
} from '../../session/stored-user'
import { AppShell } from './app-shell'
import { RecordIssuesPanel } from './record-issues-panel'
import { RuntimeProvider } from './runtime-provider'
import { useIdleLock } from './use-idle-lock'
import { useSessionWatch } from './use-session-watch'

function LockableShell({ user }: { user: SessionUser }) {
  const locked = useLocked(user.id)
  useIdleLock(user.id)
  return (
    <>
      <div hidden={locked} inert={locked}>
        <AppShell user={user} notice={<EvictedBanner />} />
      </div>
      {locked && (
        <Suspense fallback={null}>
          <LockScreen user={user} />
        </Suspense>
      )}
    </>
  )
}

/** The stored user, following a profile saved in this tab or another (the name and photo in the sidebar). */
function useStoredUser() {
  const snapshot = useSyncExternalStore(subscribeStoredUser, storedUserSnapshot)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the snapshot is what storedUser() reads.
  return useMemo(() => storedUser(), [snapshot])
}

export function SignedInLayout() {
  const user = useStoredUser()
  useSessionWatch(user?.id ?? null)
  if (!user) return <Navigate to="/login" />
  return (
    <RuntimeProvider key={user.id} user={user}>
      <RecordIssuesProvider value={RecordIssuesPanel}>
        <LockableShell user={user} />
      </RecordIssuesProvider>
    </RuntimeProvider>
  )
}
