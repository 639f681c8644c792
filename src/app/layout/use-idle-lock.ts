/**
 * Locks the app after the idle time the user chose in Settings (never, by
 * default). Any tab's activity counts: it is shared through localStorage, at
 * most every few seconds, so typing costs nothing.
 */
import { useEffect } from 'react'
import { usePreferences } from '../../features/settings'
import { lastActive, lock, markActive } from '../../session/lock'

const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const
const SHARE_EVERY_MS = 5_000
const CHECK_EVERY_MS = 5_000

export function useIdleLock(userId: string) {
  const [{ lockAfter }] = usePreferences(userId)

  useEffect(() => {
    if (!lockAfter) return
    const limit = lockAfter * 60_000
    let shared = 0
    const onActivity = () => {
      const now = Date.now()
      if (now - shared < SHARE_EVERY_MS) return
      shared = now
      markActive(userId, now)
    }
    // Turning the lock on counts as activity, or an old stamp would lock at once.
    onActivity()
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { passive: true, capture: true })
    const timer = window.setInterval(() => {
      if (Date.now() - lastActive(userId) >= limit) lock(userId)
    }, CHECK_EVERY_MS)
    return () => {
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity, { capture: true })
      window.clearInterval(timer)
    }
  }, [userId, lockAfter])
}
