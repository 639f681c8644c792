/**
 * A page kept in the back/forward cache is frozen: its timers, its workers and
 * the callbacks of its IndexedDB requests stop where they are. A transaction
 * still open at that moment (a worker's long read, a write mid-flight, a
 * database being created) is never committed, and WebKit's IndexedDB server
 * keeps it, so every later transaction on those tables, in the next page too,
 * waits behind it for ever (docs/testing.md, "WebKit"). So whatever holds the
 * database lets go when the page goes to sleep and takes it up again when the
 * page wakes: `sleep` runs on `pagehide` when the page is kept, `wake` on the
 * `pageshow` that restores it. A service worker or a worker has no such cache:
 * there this does nothing.
 */
import type { DBCore, Dexie, Middleware } from 'dexie'

interface PageTransition extends Event {
  persisted: boolean
}

export function onPageSleep(sleep: () => void, wake: () => void): () => void {
  if (!('onpageshow' in globalThis)) return () => undefined
  const hide = (event: Event) => (event as PageTransition).persisted && sleep()
  const show = (event: Event) => (event as PageTransition).persisted && wake()
  globalThis.addEventListener('pagehide', hide)
  globalThis.addEventListener('pageshow', show)
  return () => {
    globalThis.removeEventListener('pagehide', hide)
    globalThis.removeEventListener('pageshow', show)
  }
}

/**
 * What a database must let go of when the page goes to sleep, and what it
 * aborts, as unloading the page would (left open in a frozen page they would
 * block the next page's, see above):
 * - every transaction still open, and any begun while the page sleeps
 *   (`middleware`, for Dexie's `use`);
 * - the upgrade of a database being created or moved to a new version
 *   (`indexedDB`, the factory Dexie opens it through, watches its openings).
 *   The first sign-in creates the database while the first screen shows, and
 *   leaving that screen at once froze the creation half done: every later
 *   opening, in the next page too, waited behind it. `opened` opens the
 *   database again once the page wakes, should its opening have been aborted.
 */
export class SleepGuard {
  private readonly transactions = new Set<IDBTransaction>()
  private readonly upgrades = new Set<IDBOpenDBRequest>()
  private asleep = false
  private abortedAnUpgrade = false
  private wakers: Array<() => void> = []

  constructor() {
    onPageSleep(
      () => {
        this.asleep = true
        for (const tx of this.transactions) abort(tx)
        this.transactions.clear()
        for (const request of this.upgrades) if (request.transaction) abort(request.transaction)
        this.abortedAnUpgrade ||= this.upgrades.size > 0
        this.upgrades.clear()
      },
      () => {
        this.asleep = false
        for (const wake of this.wakers.splice(0)) wake()
      },
    )
  }

  /** The browser's IndexedDB (read at each use: tests replace it), with each upgrade kept in view. */
  readonly indexedDB = new Proxy({} as IDBFactory, {
    get: (_, key) => {
      const factory = globalThis.indexedDB
      if (key !== 'open') {
        const value = Reflect.get(factory, key)
        return typeof value === 'function' ? value.bind(factory) : value
      }
      return (name: string, version?: number) => {
        const request = version === undefined ? factory.open(name) : factory.open(name, version)
        const settled = () => this.upgrades.delete(request)
        request.addEventListener('upgradeneeded', () => {
          if (this.asleep) abort(request.transaction)
          else this.upgrades.add(request)
        })
        request.addEventListener('success', settled)
        request.addEventListener('error', settled)
        return request
      }
    },
  })

  readonly middleware: Middleware<DBCore> = {
    stack: 'dbcore',
    name: 'abortOnSleep',
    create: (down) => ({
      ...down,
      transaction: (stores, mode, options) => {
        const tx = down.transaction(stores, mode, options)
        const idb = tx as unknown as IDBTransaction
        if (typeof idb.abort !== 'function') return tx
        if (this.asleep) abort(idb)
        else {
          this.transactions.add(idb)
          const done = () => this.transactions.delete(idb)
          idb.addEventListener('complete', done)
          idb.addEventListener('abort', done)
          idb.addEventListener('error', done)
        }
        return tx
      },
    }),
  }

  /**
   * Resolves once the database is open; an opening aborted because the page
   * went to sleep is made again when it wakes. Any other failure rejects.
   */
  async opened(db: Dexie): Promise<void> {
    for (;;) {
      try {
        await db.open()
        return
      } catch (error) {
        if (!this.abortedAnUpgrade) throw error
        this.abortedAnUpgrade = false
        if (this.asleep) await new Promise<void>((wake) => this.wakers.push(wake))
        // Dexie keeps a failed opening's error for every later read until told to open afresh.
        db.close({ disableAutoOpen: false })
      }
    }
  }
}

/**
 * Whether this page may hand database work to a dedicated worker (the sync worker, the dashboard's
 * figures). Not in WebKit (Safari, and every browser on an iPad): there, a worker terminated as its
 * page goes into the back/forward cache does not always end its IndexedDB transactions, and the
 * next page's writes waited behind them for ever (a save that never answered in 4 of 80 runs of
 * `engine-races.test.ts`; in none of 50 with the work on the page, whose transactions `SleepGuard`
 * aborts). There the work runs on the page instead, as where there are no workers.
 */
export function pageWorkersAllowed(userAgent = globalThis.navigator?.userAgent ?? ''): boolean {
  if (typeof Worker === 'undefined') return false
  const webKit = /AppleWebKit/.test(userAgent) && !/Chrome|Chromium|Edg\//.test(userAgent)
  return !webKit
}

function abort(tx: IDBTransaction | null) {
  try {
    tx?.abort()
  } catch {
    // Already committing or finished: nothing holds the tables.
  }
}
