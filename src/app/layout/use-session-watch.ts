/**
 * Signing out (or in as someone else) in another tab changes local storage;
 * this tab follows, so it never keeps showing, or writing to, the previous
 * user's data.
 */
import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { AUTH_KEYS, storedUser } from '../../session/stored-user'

export function useSessionWatch(userId: string | null) {
  const navigate = useNavigate()
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== AUTH_KEYS.id) return
      const now = storedUser()
      if (!now) void navigate({ to: '/login', ignoreBlocker: true })
      else if (now.id !== userId) window.location.reload()
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [navigate, userId])
}
