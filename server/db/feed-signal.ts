/**
 * "The change feed moved": a signal with no data, for the streams that tell
 * devices to pull (realtime/feed-streams.ts). The feed itself stays the one
 * source of truth; a signal lost or doubled only delays or repeats a pull.
 *
 * Every write commits through `withWriteLock` (write.ts), which calls
 * `feedMoved` after its commit for this process's watchers. Other processes on
 * the same PostgreSQL hear it through NOTIFY: the write lock's own statement
 * sends one (delivered at commit, never for a rollback), and the first watcher
 * of such a database starts a LISTEN on a connection of its own
 * (open-postgres.ts). A notification carries its sender's token, so a process
 * ignores its own (its watchers were told at commit). PGlite has no other
 * process: the commit hook is all there is.
 */
import { randomUUID } from 'node:crypto'
import type { Db } from './handle'

export const FEED_CHANNEL = 'outpost_feed'
/** Who sent a notification: this process. A UUID, so safe to write into SQL as it is. */
export const PROCESS_TOKEN = randomUUID()

/** Signals within this window reach watchers once: a burst of writes is one pull per device. */
const COALESCE_MS = 20

/**
 * Starts listening on `channel` for notifications' payloads; answers how to stop, once the first
 * LISTEN is in place (or has failed: then its reopening reports '', as if one had been missed).
 */
export type ListenFn = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>

interface Signal {
  watchers: Set<() => void>
  timer: ReturnType<typeof setTimeout> | undefined
  stopListening?: Promise<() => Promise<void>>
}

const signals = new WeakMap<Db, Signal>()
const listenFns = new WeakMap<Db, ListenFn>()

function signalOf(db: Db): Signal {
  let signal = signals.get(db)
  if (!signal) {
    signal = { watchers: new Set(), timer: undefined }
    signals.set(db, signal)
  }
  return signal
}

/** A database other processes write to: how to hear them (open-postgres.ts registers it). */
export const canListen = (db: Db, listen: ListenFn) => listenFns.set(db, listen)

/** The feed of `db` moved (a write committed here, or another process said so): watchers hear it soon. */
export function feedMoved(db: Db) {
  const signal = signals.get(db)
  if (!signal || signal.watchers.size === 0 || signal.timer) return
  signal.timer = setTimeout(() => {
    signal.timer = undefined
    for (const watcher of signal.watchers) watcher()
  }, COALESCE_MS)
}

/**
 * Calls `watcher` after each move of the feed (coalesced); answers how to stop, and `hearing`: settled
 * once a write through another process would be heard. A write committed before then is not, so a
 * stream's "pull now" waits for it (realtime/feed-streams.ts).
 */
export function watchFeed(db: Db, watcher: () => void): { stop: () => void; hearing: Promise<void> } {
  const signal = signalOf(db)
  signal.watchers.add(watcher)
  const listen = listenFns.get(db)
  if (listen && !signal.stopListening) {
    // A notification from another process; and '' after a reconnect, when one may have been missed.
    signal.stopListening = listen(FEED_CHANNEL, (payload) => {
      if (payload !== PROCESS_TOKEN) feedMoved(db)
    })
  }
  return {
    stop: () => {
      signal.watchers.delete(watcher)
    },
    hearing:
      signal.stopListening?.then(
        () => undefined,
        () => undefined,
      ) ?? Promise.resolve(),
  }
}

/**
 * Another channel between this database's processes (presence, realtime/presence.ts): `onPayload`
 * hears what the others send; answers how to stop, or nothing where there are no others (PGlite).
 */
export function listenToOthers(db: Db, channel: string, onPayload: (payload: string) => void) {
  return listenFns.get(db)?.(channel, onPayload)
}

/** Stops hearing other processes (the server is closing). */
export async function stopWatchingFeed(db: Db) {
  const signal = signals.get(db)
  if (!signal) return
  clearTimeout(signal.timer)
  signal.watchers.clear()
  const stopping = signal.stopListening
  signal.stopListening = undefined
  if (stopping) await (await stopping)()
}
