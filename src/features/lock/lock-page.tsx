/**
 * /lock: opened directly, it locks the app at once and shows the lock screen;
 * once unlocked it goes back where the user was headed, or to the root.
 */
import { getRouteApi, Navigate, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { lock } from '../../session/lock'
import { safeRedirect } from '../../session/safe-redirect'
import { storedUser } from '../../session/stored-user'
import { LockScreen } from './lock-screen'

const route = getRouteApi('/lock')

export function LockPage() {
  const { redirect } = route.useSearch()
  const navigate = useNavigate()
  const [user] = useState(storedUser)
  useEffect(() => {
    if (user) lock(user.id)
  }, [user])
  if (!user) return <Navigate to="/login" />
  return (
    <LockScreen
      user={user}
      onUnlocked={() => void navigate({ href: safeRedirect(redirect) ?? '/', replace: true })}
    />
  )
}
