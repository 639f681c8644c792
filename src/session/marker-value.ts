/**
 * The device marker's value (src/session/device-marker.ts), with no page:
 * its entries, how they are written and read, and the service worker's one
 * update. No DOM here, so the service worker's bundle can use it.
 */

export interface MarkerEntry {
  userId: string
  /** The token written into that user's database when the device first held something of theirs. */
  token: string
  /** Changes waiting to be sent at the last count; null when the marker could not say. */
  pending: number | null
}

export const MARKER_NAME = 'outpost-device'
/** A shared tablet may hold a few users' mirrors; the cookie stays well under a kilobyte. */
const MAX_USERS = 8
/** Chromium caps a cookie's life at 400 days; the app rewrites it on every change of the outbox. */
export const MARKER_MAX_AGE_SECONDS = 400 * 24 * 60 * 60

const isEntry = (value: unknown): value is [string, string, number | null] =>
  Array.isArray(value) &&
  typeof value[0] === 'string' &&
  typeof value[1] === 'string' &&
  (value[2] === null || (typeof value[2] === 'number' && value[2] >= 0))

/** The entries in the cookie's value; anything unreadable counts as no marker. */
export function parseMarkerValue(value: string): MarkerEntry[] {
  try {
    const list: unknown = JSON.parse(decodeURIComponent(value))
    if (!Array.isArray(list)) return []
    return list.filter(isEntry).map(([userId, token, pending]) => ({ userId, token, pending }))
  } catch {
    return []
  }
}

export const markerValue = (entries: readonly MarkerEntry[]) =>
  encodeURIComponent(JSON.stringify(entries.map((e) => [e.userId, e.token, e.pending])))

/** `entries` with `entry` put first (the most recent), the same user's old entry dropped, and the oldest beyond the cap. */
export function withEntry(entries: readonly MarkerEntry[], entry: MarkerEntry): MarkerEntry[] {
  return [entry, ...entries.filter((e) => e.userId !== entry.userId)].slice(0, MAX_USERS)
}

interface CookieStoreLike {
  get(name: string): Promise<{ value: string } | null>
  set(options: {
    name: string
    value: string
    path: string
    expires: number
    sameSite: 'strict'
  }): Promise<void>
}

/**
 * The service worker's side: Background Sync (Chromium) can send queued changes with no page open, so
 * the count the page left would claim them lost after an eviction. The worker has no document.cookie;
 * Chromium gives it the Cookie Store API. It only updates a mirror the page marked, never marks one.
 */
export async function markSentInWorker(userId: string, pending: number) {
  const store = (globalThis as { cookieStore?: CookieStoreLike }).cookieStore
  if (!store) return
  const cookie = await store.get(MARKER_NAME)
  const entries = cookie ? parseMarkerValue(cookie.value) : []
  const entry = entries.find((e) => e.userId === userId)
  if (!entry || entry.pending === pending) return
  await store.set({
    name: MARKER_NAME,
    value: markerValue(withEntry(entries, { ...entry, pending })),
    path: '/',
    expires: Date.now() + MARKER_MAX_AGE_SECONDS * 1000,
    sameSite: 'strict',
  })
}
