/** The signed-in user's settings as React state, following changes made in this tab or another. */
import { useMemo, useSyncExternalStore } from 'react'
import {
  type Preferences,
  parsePreferences,
  preferencesKey,
  savePreferences,
  subscribePreferences,
} from '../../session/preferences'

export function usePreferences(userId: string) {
  // The raw stored text is the snapshot: a stable string, so React renders again only when it changes.
  const raw = useSyncExternalStore(subscribePreferences, () => localStorage.getItem(preferencesKey(userId)))
  const preferences = useMemo(() => parsePreferences(raw), [raw])
  return [preferences, (patch: Partial<Preferences>) => savePreferences(userId, patch)] as const
}
