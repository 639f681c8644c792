/** The lock: its screen (shown over the shell) and whether the app is locked. */
export { LockScreen } from './lock-screen'
export { useLocked } from './use-locked'
