/**
 * Did the browser evict this user's mirror? The device marker (a cookie,
 * src/session/device-marker.ts) names the token of each mirror the device
 * held; the mirror keeps the same token in its meta table. Eviction takes the
 * database and leaves the cookie, so a marked token with no database behind
 * it is a mirror that was lost. A token and not a "hydrated" flag: the first
 * download after an eviction can finish before the check runs, and it never
 * brings the old token back.
 */
import type { OutpostDb } from './database'

const TOKEN_KEY = 'device.mirrorToken'

/** What the device marker says of one user's mirror (its entry in src/session/device-marker.ts). */
interface MarkedMirror {
  token: string
  pending: number | null
}

export type MirrorVerdict =
  /** The device never marked a mirror of this user (a first sign-in here, or before the marker existed). */
  | { kind: 'new' }
  /** The marked mirror is still here: logging out and in again, a reload, another tab. */
  | { kind: 'intact' }
  /** The marked mirror is gone; `lost` changes went with it (null: not known). */
  | { kind: 'evicted'; lost: number | null }

export function judgeMirror(entry: MarkedMirror | undefined, token: string | null): MirrorVerdict {
  if (!entry) return { kind: 'new' }
  if (token === entry.token) return { kind: 'intact' }
  // No token, or another one (a second tab already downloaded again): the mirror the marker named is gone.
  return { kind: 'evicted', lost: entry.pending }
}

export async function mirrorToken(db: OutpostDb): Promise<string | null> {
  const entry = await db.meta.get(TOKEN_KEY)
  return typeof entry?.value === 'string' ? entry.value : null
}

/** The mirror's token, made in one transaction when there is none, so two tabs agree on it. */
export function ensureMirrorToken(db: OutpostDb): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const current = await mirrorToken(db)
    if (current) return current
    const token = crypto.getRandomValues(new Uint32Array(2)).reduce((text, n) => text + n.toString(36), '')
    await db.meta.put({ key: TOKEN_KEY, value: token })
    return token
  })
}
