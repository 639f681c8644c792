/**
 * Where the engine shares the page's main thread (WebKit: src/db/page-sleep.ts), a key pressed during a
 * first sync waits for the task under way: each page of the feed is parsed, stored and merged into the
 * list index in tasks as long as the page. So there the feed is read in pages of MAIN_THREAD_PAGE_SIZE
 * (src/sync/pull.ts), and a worker's engine keeps the server's largest.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { onMirrorChanges } from '../../src/db/mirror-changes'
import { unpackBehind } from '../../src/db/packs'
import { FIRST_PAGE_SIZE, MAIN_THREAD_PAGE_SIZE, PULL_PAGE_SIZE, pull } from '../../src/sync/pull'
import type { ApiRequest } from '../../src/transport/http'
import { json, scripted } from './fake-server'

const CONTACTS = 6_500

/** A feed of CONTACTS contacts that answers each page as large as it is asked (the server's own limit aside). */
function feed(env: ReturnType<typeof scripted>) {
  const asked: number[] = []
  env.ctx.transport = async (request: ApiRequest) => {
    if (request.path.startsWith('users/')) return json(404, {})
    const since = Number(request.query?.since)
    const limit = Number(request.query?.limit)
    asked.push(limit)
    const upTo = Math.min(CONTACTS, since + limit)
    const changes = Array.from({ length: upTo - since }, (_, i) => {
      const id = `c${String(since + i).padStart(5, '0')}`
      return {
        collection: 'contacts',
        id,
        version: 1,
        seq: since + i + 1,
        deleted: false,
        doc: { id, version: 1, firstName: `First ${since + i}`, lastName: 'L' },
      }
    })
    return json(200, { changes, cursor: String(upTo), hasMore: upTo < CONTACTS, total: CONTACTS })
  }
  return asked
}

let env: ReturnType<typeof scripted>
let written: number[]
let stopHearing: () => void
beforeEach(() => {
  env = scripted()
  written = []
  // Each committed page, as this context's list index hears it: the rows it merges in one go.
  stopHearing = onMirrorChanges(env.db.name, (changes) => {
    const ids = changes.contacts
    if (Array.isArray(ids)) written.push(ids.length)
  })
})
afterEach(async () => {
  stopHearing()
  await env.db.delete()
})

describe('a first sync on the main thread', () => {
  it('reads, stores and announces the feed a small page at a time, every row once', async () => {
    env.ctx.mainThread = true
    const asked = feed(env)
    expect(await pull(env.ctx)).toBe('ok')
    expect(asked[0]).toBe(FIRST_PAGE_SIZE)
    expect(Math.max(...asked)).toBeLessThanOrEqual(MAIN_THREAD_PAGE_SIZE)
    expect(Math.max(...written)).toBeLessThanOrEqual(MAIN_THREAD_PAGE_SIZE)
    expect(written.reduce((sum, n) => sum + n, 0)).toBe(CONTACTS)
    // Small enough to keep a page's tasks short, large enough not to read the feed row by row.
    expect(MAIN_THREAD_PAGE_SIZE).toBeLessThanOrEqual(1000)
    expect(MAIN_THREAD_PAGE_SIZE * 5).toBeLessThanOrEqual(PULL_PAGE_SIZE)
    await unpackBehind(env.db)
    expect(await env.db.contacts.count()).toBe(CONTACTS)
  })

  it('keeps the large pages in a worker, where no key waits on them', async () => {
    const asked = feed(env)
    expect(await pull(env.ctx)).toBe('ok')
    expect(asked).toEqual([FIRST_PAGE_SIZE, PULL_PAGE_SIZE, PULL_PAGE_SIZE])
    expect(Math.max(...written)).toBe(PULL_PAGE_SIZE)
    expect(written.reduce((sum, n) => sum + n, 0)).toBe(CONTACTS)
  })
})
