/**
 * What Chromium's IndexedDB allows at most, with none of Outpost's code in
 * the way: contact-sized rows written with one `put` each in transactions of
 * 2,000 (a page of the feed's size), and the same rows written as one value per
 * 2,000. The hydrate's records/s is read against the first: it cannot beat
 * it while each mirror row is its own IndexedDB record. Printed, never asserted.
 */
import type { Page } from 'playwright-core'

const ROWS = 30_000
const PER_TRANSACTION = 2_000

export interface IdbCeiling {
  /** Rows per second, one record per row, one index (as the contacts table). */
  perRow: number
  /** Rows per second, one record per 2,000 rows. */
  perPage: number
}

/** Runs in `page`, which must be on the app's origin; leaves nothing behind. */
export function idbCeiling(page: Page): Promise<IdbCeiling> {
  return page.evaluate(
    async ({ rows, perTransaction }) => {
      const open = (name: string) =>
        new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name, 1)
          request.onupgradeneeded = () =>
            request.result.createObjectStore('rows', { keyPath: 'id' }).createIndex('lastName', 'lastName')
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
      const row = (n: number) => ({
        id: crypto.randomUUID(),
        firstName: `Olivia${n}`,
        lastName: `Harris${n % 97}`,
        title: 'Planning Manager',
        department: 'Planning',
        email: `olivia.harris${n}@northwind.example`,
        phone: '+44 20 7946 0123',
        mobile: '+44 7700 000123',
        company: null,
        version: 1,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      })
      const rate = async (asOneValue: boolean) => {
        const name = `outpost-idb-ceiling-${asOneValue ? 'page' : 'row'}`
        const db = await open(name)
        const started = performance.now()
        for (let done = 0; done < rows; done += perTransaction) {
          const batch = Array.from({ length: perTransaction }, (_, i) => row(done + i))
          await new Promise<void>((resolve, reject) => {
            const transaction = db.transaction('rows', 'readwrite')
            const store = transaction.objectStore('rows')
            if (asOneValue) store.put({ id: `page-${done}`, lastName: '', rows: batch })
            else for (const value of batch) store.put(value)
            transaction.oncomplete = () => resolve()
            transaction.onerror = () => reject(transaction.error)
          })
        }
        const seconds = (performance.now() - started) / 1000
        db.close()
        await new Promise((resolve) => {
          const deleting = indexedDB.deleteDatabase(name)
          deleting.onsuccess = deleting.onerror = resolve
        })
        return Math.round(rows / seconds)
      }
      return { perRow: await rate(false), perPage: await rate(true) }
    },
    { rows: ROWS, perTransaction: PER_TRANSACTION },
  )
}
