/**
 * A page kept in the back/forward cache lets go of its database (src/db/page-sleep.ts): the
 * transactions open when it goes to sleep are aborted, as unloading would, and so is any begun
 * while it sleeps; once it wakes the database works as before.
 */
import { afterEach, expect, it } from 'vitest'
import { OutpostDb } from '../../../src/db/database'
import { pageWorkersAllowed } from '../../../src/db/page-sleep'

const pageTransition = (type: 'pagehide' | 'pageshow', persisted: boolean) => {
  const event = new Event(type)
  Object.defineProperty(event, 'persisted', { value: persisted })
  globalThis.dispatchEvent(event)
}

let db: OutpostDb | undefined
afterEach(async () => {
  pageTransition('pageshow', true)
  db?.close()
  if (db) await db.delete()
})

/** A write that keeps its transaction busy until told to stop; answers how it ended. */
function busyWrite(db: OutpostDb) {
  let stop = false
  const ended = db
    .transaction('rw', db.meta, async () => {
      for (let round = 0; !stop; round++) await db.meta.put({ key: 'busy', value: round })
    })
    .then(
      () => 'committed',
      (error: Error) => error.name,
    )
  return { ended, stop: () => (stop = true) }
}

it('aborts a transaction still open when the page goes to sleep, and works again when it wakes', async () => {
  db = new OutpostDb(`sleep-${crypto.randomUUID()}`)
  await db.open()
  const write = busyWrite(db)
  await new Promise((resolve) => setTimeout(resolve, 20))
  pageTransition('pagehide', true)
  expect(await write.ended).toBe('AbortError')
  pageTransition('pageshow', true)
  await db.meta.put({ key: 'after', value: 1 })
  expect(await db.meta.get('after')).toEqual({ key: 'after', value: 1 })
})

it('aborts what begins while the page sleeps', async () => {
  db = new OutpostDb(`sleep-${crypto.randomUUID()}`)
  await db.open()
  pageTransition('pagehide', true)
  // Refused (Dexie reports the aborted transaction as AbortError or InvalidStateError), and nothing written.
  await expect(db.meta.put({ key: 'asleep', value: 1 })).rejects.toThrow()
  pageTransition('pageshow', true)
  expect(await db.meta.get('asleep')).toBeUndefined()
})

it('leaves transactions alone when the page is unloaded for good (not kept)', async () => {
  db = new OutpostDb(`sleep-${crypto.randomUUID()}`)
  await db.open()
  const write = busyWrite(db)
  pageTransition('pagehide', false)
  write.stop()
  expect(await write.ended).toBe('committed')
})

it('aborts the creation of a database when the page goes to sleep during it, and creates it when the page wakes', async () => {
  db = new OutpostDb(`sleep-${crypto.randomUUID()}`)
  let creations = 0
  // Populating runs inside the creation's upgrade: the page is left at that moment, the first time.
  db.on('populate', () => {
    creations++
    if (creations === 1) pageTransition('pagehide', true)
  })
  let open = false
  const opening = db.opened().then(() => (open = true))
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(open).toBe(false)
  expect(creations).toBe(1)
  pageTransition('pageshow', true)
  await opening
  expect(creations).toBe(2)
  await db.meta.put({ key: 'after', value: 1 })
  expect(await db.meta.get('after')).toEqual({ key: 'after', value: 1 })
})

it('opens as usual when the page stays awake', async () => {
  db = new OutpostDb(`sleep-${crypto.randomUUID()}`)
  await db.opened()
  expect(db.isOpen()).toBe(true)
})

it('keeps database work off dedicated workers in WebKit only (Safari, every iPad browser)', () => {
  class FakeWorker {}
  const had = globalThis.Worker
  globalThis.Worker = FakeWorker as unknown as typeof Worker
  try {
    const agents = {
      safariIPad:
        'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      chromeIPad:
        'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
      webKitGtk:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
      chrome:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    }
    const allowed = Object.fromEntries(
      Object.entries(agents).map(([name, agent]) => [name, pageWorkersAllowed(agent)]),
    )
    expect(allowed).toEqual({
      safariIPad: false,
      chromeIPad: false,
      webKitGtk: false,
      chrome: true,
      edge: true,
      firefox: true,
    })
  } finally {
    globalThis.Worker = had
  }
  // Where there are no workers at all (this test's jsdom), the work runs on the page anyway.
  if (typeof had === 'undefined') expect(pageWorkersAllowed('Firefox/128.0')).toBe(false)
})
