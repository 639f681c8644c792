/**
 * The lock: its screen (shown over the shell) and whether the app is locked.
 * The screen is loaded only when the app locks: every signed-in screen would
 * otherwise carry it in its first download (the JavaScript budgets in
 * tests/e2e/budgets.test.ts). The shell is hidden the moment the app locks,
 * whether or not the screen's code has arrived.
 */
import { lazy } from 'react'

export const LockScreen = lazy(() =>
  import('./lock-screen').then((module) => ({ default: module.LockScreen })),
)
export { useLocked } from './use-locked'
