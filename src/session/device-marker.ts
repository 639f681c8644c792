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

export interface MarkerEntry {
  userId: string
  /** The token written into that user's database when the device first held something of theirs. */
  token: string
  /** Changes waiting to be sent at the last count; null when the marker could not say. */
  pending: number | null
}

const NAME = 'outpost-device'
/** A shared tablet may hold a few users' mirrors; the cookie stays well under a kilobyte. */
const MAX_USERS = 8
/** Chromium caps a cookie's life at 400 days; the app rewrites it on every change of the outbox. */
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60

const isEntry = (value: unknown): value is [string, string, number | null] =>
  Array.isArray(value) &&
  typeof value[0] === 'string' &&
  typeof value[1] === 'string' &&
  (value[2] === null || (typeof value[2] === 'number' && value[2] >= 0))

/** The entries in a `document.cookie` string; anything unreadable counts as no marker. */
export function parseMarker(cookies: string): MarkerEntry[] {
  const prefix = `${NAME}=`
  const raw = cookies
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
  if (!raw) return []
  try {
    const list: unknown = JSON.parse(decodeURIComponent(raw.slice(prefix.length)))
    if (!Array.isArray(list)) return []
    return list.filter(isEntry).map(([userId, token, pending]) => ({ userId, token, pending }))
  } catch {
    return []
  }
}

/** The `document.cookie` assignment that stores `entries` (an empty list deletes the cookie). */
export function markerCookie(entries: readonly MarkerEntry[], secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(entries.map((e) => [e.userId, e.token, e.pending])))
  const age = entries.length ? MAX_AGE_SECONDS : 0
  return `${NAME}=${value}; Path=/; Max-Age=${age}; SameSite=Strict${secure ? '; Secure' : ''}`
}

/** `entries` with `entry` put first (the most recent), the same user's old entry dropped, and the oldest beyond the cap. */
export function withEntry(entries: readonly MarkerEntry[], entry: MarkerEntry): MarkerEntry[] {
  return [entry, ...entries.filter((e) => e.userId !== entry.userId)].slice(0, MAX_USERS)
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
