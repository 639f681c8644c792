/**
 * The sync runs in the sync worker, not on the page (src/sync/worker): with
 * thousands of changes being sent (batches of 100 carry them, so hundreds
 * would be sent before the page could be made busy), the page's main thread is held busy for
 * seconds, and the server keeps receiving them meanwhile. Were the engine on
 * the page, nothing would reach the server until the page was free again.
 * And the page itself never reads the change feed: its own requests
 * (Resource Timing sees only the page's) hold none to /api/sync/changes.
 */
import { describe, expect, it } from 'vitest'
import { type Chromium, chromiumRig } from './chromium-rig'
import { outboxCount, queueCreates } from './queued-creates'
import { apiSession, type RunningServer } from './server-process'
import { signInThroughUi, until } from './signed-in'

const QUEUED = 4000
const BUSY_MS = 5000

let server: RunningServer
let browser: Chromium

chromiumRig((opened) => {
  ;({ server, browser } = opened)
})

describe('the sync worker', () => {
  it('sends the outbox while the page’s main thread is busy', async () => {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage())
    await page.addInitScript(() => performance.setResourceTimingBufferSize(10_000))
    await signInThroughUi(page, server.url)
    await page.goto(`${server.url}/contacts/list`)
    await page.getByText('No contacts yet').waitFor()

    await browser.context.setOffline(true)
    await queueCreates(page, QUEUED, 'Worker')
    const api = await apiSession(server.url)
    const onServer = async () =>
      (await api.get<{ totalDocs: number }>('contacts?where[lastName][equals]=Worker&limit=1')).totalDocs
    await browser.context.setOffline(false)

    // Under way, not just begun. A round one of whose first requests meets a network error (the switch
    // back on reaching the worker late is one way) stops, and is tried again from a page timer, which
    // a busy page cannot fire: CI once saw 3 sent and then none while the page was busy. More than a
    // few on the server (a batch has landed) says the replay is going.
    await until(onServer, (count) => count > 4, 'the replay to be under way')
    // The page busy in one long task, as a heavy render would hold it, while the server is watched; and
    // as a live query may have left it, with a read of the mirror's contacts open, whose answer the busy
    // page cannot take: every write to the contacts waits for that read, the worker's settling too
    // (CI once saw 700 sent and then none for the whole busy time, when each batch's settling held the
    // next request back).
    const busy = page.evaluate(
      ({ ms, userId }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open(`outpost-${userId}`)
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            open.result.transaction('contacts', 'readonly').objectStore('contacts').count()
            const end = performance.now() + ms
            while (performance.now() < end) {
              // Nothing: only the main thread held, and the read left open.
            }
            open.result.close()
            resolve()
          }
        }),
      { ms: BUSY_MS, userId: await page.evaluate(() => localStorage.getItem('userId')) },
    )
    await new Promise((resolve) => setTimeout(resolve, 500))
    const atStart = await onServer()
    await new Promise((resolve) => setTimeout(resolve, BUSY_MS - 1500))
    const atEnd = await onServer()
    await busy
    console.log(`on the server: ${atStart} once the page was busy, ${atEnd} before it was free`)
    expect(atStart, 'the replay ended before the page was busy: queue more').toBeLessThan(QUEUED)
    // More than the four batches that may have been on their way when the page became busy.
    expect(atEnd).toBeGreaterThan(atStart + 400)

    await until(onServer, (count) => count === QUEUED, 'every queued change on the server', 60_000)
    await until(
      () => outboxCount(page),
      (count) => count === 0,
      'an empty outbox',
    )
    const feedReadByPage = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/api/sync/changes'))
        .map((entry) => entry.name),
    )
    expect(feedReadByPage).toEqual([])
    // The worker's writes reached the page's list (its index hears them over the mirror's BroadcastChannel).
    await page.getByText(`of ${QUEUED} entries`).waitFor()
  })
})
