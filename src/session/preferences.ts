/**
 * What a user chose on the settings screen: the sidebar's colour, the colour
 * of the current entry, and after how many idle minutes the app locks. Kept
 * per user on this device, so two colleagues sharing a tablet each find their
 * own, and read synchronously so the first paint already has the right colours.
 */
import { storageSignal } from './storage-signal'

export const SIDEBAR_COLOURS = ['white', 'brown', 'black'] as const
export const ACTIVE_COLOURS = ['primary', 'info', 'success', 'warning', 'danger'] as const
/** Minutes of inactivity before the app locks; 0 never locks (the default). */
export const LOCK_MINUTES = [0, 1, 5, 15, 30, 60] as const

export type SidebarColour = (typeof SIDEBAR_COLOURS)[number]
export type ActiveColour = (typeof ACTIVE_COLOURS)[number]
export type LockMinutes = (typeof LOCK_MINUTES)[number]

export interface Preferences {
  sidebar: SidebarColour
  active: ActiveColour
  lockAfter: LockMinutes
}

export const DEFAULT_PREFERENCES: Preferences = { sidebar: 'white', active: 'primary', lockAfter: 0 }

export const preferencesKey = (userId: string) => `preferences.${userId}`

const oneOf = <T>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback

/** The stored choices, each checked: a value from an older version or typed by hand falls back to its default. */
export function parsePreferences(raw: string | null): Preferences {
  let stored: Record<string, unknown> = {}
  try {
    stored = JSON.parse(raw ?? '{}') ?? {}
  } catch {
    // A damaged entry is as good as none.
  }
  return {
    sidebar: oneOf(SIDEBAR_COLOURS, stored.sidebar, DEFAULT_PREFERENCES.sidebar),
    active: oneOf(ACTIVE_COLOURS, stored.active, DEFAULT_PREFERENCES.active),
    lockAfter: oneOf(LOCK_MINUTES, stored.lockAfter, DEFAULT_PREFERENCES.lockAfter),
  }
}

export const readPreferences = (userId: string, storage: Storage = localStorage) =>
  parsePreferences(storage.getItem(preferencesKey(userId)))

/** Told on every change, in this tab or another. */
const preferencesSignal = storageSignal((key) => key.startsWith('preferences.'))
export const subscribePreferences = preferencesSignal.subscribe

export function savePreferences(
  userId: string,
  patch: Partial<Preferences>,
  storage: Storage = localStorage,
) {
  storage.setItem(preferencesKey(userId), JSON.stringify({ ...readPreferences(userId, storage), ...patch }))
  preferencesSignal.announce()
}
