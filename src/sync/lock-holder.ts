/**
 * Whether the sync lock's holder is still there. A tab that finds the lock
 * taken asks the holder to run again ('kick'); the holder, a tab or the
 * service worker's Background Sync, answers 'here'. A lock that no holder has
 * answered for over SILENT_HOLDER_MS is held by a page that is gone: Firefox
 * can leave the lock granted to a page it has unloaded, for as long as it
 * runs, and every tab's sync would wait for it. Such a lock is taken over
 * (`steal`). A holder alive but silent that long (its main thread held for
 * 10 s) then runs beside the new one, which is safe: every op carries its
 * opId, and the server applies a resent op once.
 */

/** What the tabs and the service worker say to each other on the lock's BroadcastChannel. */
export type LockTalk = 'kick' | 'here'

const SILENT_HOLDER_MS = 10_000

export class HolderWatch {
  /** When this tab first asked a holder that has not answered since; null when none is awaited. */
  private silentSince: number | null = null

  constructor(private readonly now: () => number = Date.now) {}

  /** The lock was found taken, and its holder asked to run. */
  asked() {
    this.silentSince ??= this.now()
  }

  /** A holder answered, or this tab holds the lock itself. */
  answered() {
    this.silentSince = null
  }

  /** No holder has answered for long enough: the lock is to be taken over. */
  gone() {
    return this.silentSince !== null && this.now() - this.silentSince >= SILENT_HOLDER_MS
  }
}
