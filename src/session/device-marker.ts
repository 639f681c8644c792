/**
 * The device marker: a small cookie, written by the app, naming each user
 * whose mirror this device holds, the token that mirror carries in its meta
 * table (src/db/eviction.ts), and how many changes were waiting to be sent at
 * the last count. A browser that evicts the site's storage (IndexedDB,
 * localStorage, caches, the service worker) keeps its cookies, so after an
 * eviction the marker still says what the device held and what was lost.
 * It is never sent anywhere on purpose (the server ignores it) and holds no
 * record data: ids, a random token and a number.
 */
import {
  MARKER_MAX_AGE_SECONDS,
  MARKER_NAME,
  type MarkerEntry,
  markerValue,
  parseMarkerValue,
  withEntry,
} from './marker-value'

/** The entries in a `document.cookie` string; anything unreadable counts as no marker. */
export function parseMarker(cookies: string): MarkerEntry[] {
  const prefix = `${MARKER_NAME}=`
  const raw = cookies
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
  return raw ? parseMarkerValue(raw.slice(prefix.length)) : []
}

/** The `document.cookie` assignment that stores `entries` (an empty list deletes the cookie). */
export function markerCookie(entries: readonly MarkerEntry[], secure: boolean): string {
  const value = markerValue(entries)
  const age = entries.length ? MARKER_MAX_AGE_SECONDS : 0
  return `${MARKER_NAME}=${value}; Path=/; Max-Age=${age}; SameSite=Strict${secure ? '; Secure' : ''}`
}

const write = (entries: readonly MarkerEntry[]) => {
  // biome-ignore lint/suspicious/noDocumentCookie: every engine has document.cookie (the Cookie Store API is missing in older Firefox and Safari), and the value is built and escaped by markerCookie.
  document.cookie = markerCookie(entries, location.protocol === 'https:')
}

export const readMarker = (): MarkerEntry[] => parseMarker(document.cookie)

export const markerEntry = (userId: string) => readMarker().find((entry) => entry.userId === userId)

export function markMirror(entry: MarkerEntry) {
  write(withEntry(readMarker(), entry))
}
