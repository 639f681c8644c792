/**
 * Many changes queued at once, for the browser tests and benchmarks that need
 * a long replay: `count` contact creates written straight into the user's
 * IndexedDB, row and op as src/db/record-writes.ts writes them (the app's
 * modules are not reachable from a test's script). The app's live queries do
 * not hear these writes; the engine reads the outbox afresh on every run.
 */
import type { Page } from 'playwright-core'

export function queueCreates(page: Page, count: number, lastName = 'Op') {
  return page.evaluate(
    ({ count, lastName }) =>
      new Promise<void>((resolve, reject) => {
        const userId = localStorage.getItem('userId') as string
        const open = indexedDB.open(`outpost-${userId}`)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const tx = db.transaction(['contacts', 'outbox'], 'readwrite')
          const now = Date.now()
          const stamp = new Date(now).toISOString()
          for (let n = 0; n < count; n++) {
            const id = crypto.randomUUID()
            const values = { firstName: `Queued${n}`, lastName }
            tx.objectStore('contacts').add({ ...values, id, version: 0, createdAt: stamp, updatedAt: stamp })
            tx.objectStore('outbox').add({
              opId: crypto.randomUUID(),
              userId,
              collection: 'contacts',
              recordId: id,
              kind: 'create',
              patch: values,
              base: {},
              baseVersion: null,
              deps: [],
              status: 'pending',
              attempts: 0,
              nextAttemptAt: 0,
              createdAt: now,
            })
          }
          tx.oncomplete = () => {
            db.close()
            resolve()
          }
          tx.onerror = () => reject(tx.error)
        }
      }),
    { count, lastName },
  )
}

/** How many ops the user's outbox holds, read with IndexedDB itself (a few ms of the page's time). */
export function outboxCount(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(`outpost-${localStorage.getItem('userId')}`)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const request = db.transaction('outbox').objectStore('outbox').count()
          request.onsuccess = () => {
            db.close()
            resolve(request.result)
          }
          request.onerror = () => reject(request.error)
        }
      }),
  )
}
