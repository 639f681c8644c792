/**
 * Background Sync: a change queued just before the tab closed still goes out
 * when the network returns, with no tab open. Where the browser has it
 * (Chromium), every local write asks for a one-off sync tagged with the
 * user's id; the service worker answers the browser's `sync` event by
 * replaying that user's outbox with the same engine the page uses. Where it
 * has not, nothing changes: the next open sends the change, as before.
 */
import { databaseName, OutpostDb } from '../db/database'
import { markSentInWorker } from '../session/marker-value'
import { me } from '../transport/calls'
import { fetchTransport } from '../transport/http'
import { SyncEngine } from './engine'
import type { LockTalk } from './lock-holder'

const TAG_PREFIX = 'outpost-outbox:'

/** The same lock the page's scheduler takes: one replay at a time, whoever runs it. */
export const syncLockName = (userId: string) => `outpost-sync-${userId}`

interface SyncManager {
  register(tag: string): Promise<void>
}

/** Page side: ask the browser to wake the service worker once the network is back. Never throws. */
export async function requestBackgroundSync(userId: string) {
  try {
    const registration = await navigator.serviceWorker?.getRegistration()
    const sync = (registration as { sync?: SyncManager } | undefined)?.sync
    await sync?.register(`${TAG_PREFIX}${userId}`)
  } catch {
    // Refused (permission, private mode) or not offered: the open tab's scheduler still sends it.
  }
}

/** The user whose outbox a sync tag is for, or null for any other tag. */
export const userOfTag = (tag: string) => (tag.startsWith(TAG_PREFIX) ? tag.slice(TAG_PREFIX.length) : null)

/**
 * Service-worker side: one sync run for the user. Resolves when the outbox
 * went out (or an open tab is already replaying it); rejects when the network
 * is still missing, so the browser tries again later.
 */
export async function replayInBackground(userId: string) {
  const db = new OutpostDb(databaseName(userId))
  try {
    await navigator.locks.request(syncLockName(userId), { ifAvailable: true }, async (lock) => {
      if (!lock) return
      // A tab opened meanwhile asks the holder to run: this run is the one it would wait for, and says
      // it is there, so the tab does not take the lock over as a holder gone (lock-holder.ts).
      const talk = new BroadcastChannel(syncLockName(userId))
      talk.onmessage = ({ data }: MessageEvent<LockTalk>) => data === 'kick' && talk.postMessage('here')
      try {
        await replayAs(db, userId)
      } finally {
        talk.close()
      }
    })
  } finally {
    db.close()
  }
}

async function replayAs(db: OutpostDb, userId: string) {
  const transport = fetchTransport()
  // The cookie may be someone else's (this user signed in offline after another logged out offline):
  // their changes are never sent under another name. The next tab this user opens sends them.
  const who = await me(transport).catch(() => null)
  if (who === null || who.status >= 500) throw new Error('Still offline: the browser will try again.')
  if (who.body.user?.id !== userId) return
  const engine = new SyncEngine({ db, transport, userId })
  const result = await engine.sync()
  // What went out is no longer at risk: the device marker's count follows (src/db/eviction.ts).
  await markSentInWorker(userId, await db.outbox.count()).catch(() => undefined)
  if (result === 'offline') throw new Error('Still offline: the browser will try again.')
}
