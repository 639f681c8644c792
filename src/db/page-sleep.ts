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
 * Aborts every transaction of this database still open when the page goes to
 * sleep, and any begun while it sleeps, as unloading the page would: left
 * open in a frozen page they would block the next page's (see above).
 */
export function abortOnSleep(db: Dexie) {
  const open = new Set<IDBTransaction>()
  let asleep = false
  const abort = (tx: IDBTransaction) => {
    try {
      tx.abort()
    } catch {
      // Already committing or finished: nothing holds the tables.
    }
  }
  onPageSleep(
    () => {
      asleep = true
      for (const tx of open) abort(tx)
      open.clear()
    },
    () => {
      asleep = false
    },
  )
  const middleware: Middleware<DBCore> = {
    stack: 'dbcore',
    name: 'abortOnSleep',
    create: (down) => ({
      ...down,
      transaction(stores, mode, options) {
        const tx = down.transaction(stores, mode, options)
        const idb = tx as unknown as IDBTransaction
        if (typeof idb.abort !== 'function') return tx
        if (asleep) abort(idb)
        else {
          open.add(idb)
          const done = () => open.delete(idb)
          idb.addEventListener('complete', done)
          idb.addEventListener('abort', done)
          idb.addEventListener('error', done)
        }
        return tx
      },
    }),
  }
  db.use(middleware)
}
