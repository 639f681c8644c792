/**
 * The lock: its screen (shown over the shell) and whether the app is locked.
 * The screen is loaded only when the app locks: every signed-in screen would
 * otherwise carry it in its first download (the JavaScript budgets in
 * tests/e2e/budgets.test.ts). The shell is hidden the moment the app locks,
 * whether or not the screen's code has arrived. Log Out asks its question here too (the shell's link
 * and the lock screen's).
 */
import { lazy } from 'react'

export const LockScreen = lazy(() =>
  import('./lock-screen').then((module) => ({ default: module.LockScreen })),
)
export { useLogOut } from './log-out-question'
export { useLocked } from './use-locked'
