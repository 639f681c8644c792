import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { purgeTombstones } from '../../server/maintenance'
import type { Change, ChangesResponse } from '../../src/domain/rest'
import { startTestServer, type TestServer } from './helpers'

let server: TestServer
let cookie: string

beforeAll(async () => {
  server = await startTestServer()
  cookie = (await server.signIn()).cookie
})
afterAll(() => server?.close())

const api = (method: string, url: string, payload?: unknown) =>
  server.request(cookie, { method: method as 'GET', url, payload: payload as object })
const changes = async (query: string): Promise<ChangesResponse> => {
  const response = await api('GET', `/api/sync/changes?${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}
const create = async (firstName: string) => (await api('POST', '/api/contacts', { firstName })).json().doc

describe('GET /api/sync/changes', () => {
  it('lists every write in seq order, a delete as a tombstone, and pages with the cursor', async () => {
    const start = (await changes('since=0')).cursor
    const a = await create('Feed A')
    const b = await create('Feed B')
    await api('PATCH', `/api/contacts/${a.id}`, { title: 'Edited' })
    await api('DELETE', `/api/contacts/${b.id}`)

    const all = await changes(`since=${start}`)
    expect(all.hasMore).toBe(false)
    // One entry per record: its latest state (a's create is superseded by its update).
    expect(all.changes.map((c) => [c.id, c.version, c.deleted])).toEqual([
      [a.id, 2, false],
      [b.id, 2, true],
    ])
    const [edited, tombstone] = all.changes as [Change, Change]
    expect(edited).toMatchObject({ collection: 'contacts', doc: { id: a.id, title: 'Edited', version: 2 } })
    expect(tombstone.doc).toBeNull()
    expect(edited.seq).toBeLessThan(tombstone.seq)
    expect(all.cursor).toBe(String(tombstone.seq))

    const first = await changes(`since=${start}&limit=1`)
    expect(first.changes.map((c) => c.id)).toEqual([a.id])
    expect(first.hasMore).toBe(true)
    const second = await changes(`since=${first.cursor}&limit=1`)
    expect(second.changes.map((c) => c.id)).toEqual([b.id])
    expect(second.hasMore).toBe(false)
    const none = await changes(`since=${second.cursor}`)
    expect(none).toEqual({ changes: [], cursor: second.cursor, hasMore: false })
  })

  it('keeps concurrent writes in one strictly increasing order', async () => {
    const start = (await changes('since=0')).cursor
    const created = await Promise.all(Array.from({ length: 12 }, (_, i) => create(`Concurrent ${i}`)))
    const feed = await changes(`since=${start}`)
    const seqs = feed.changes.map((c) => c.seq)
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y))
    expect(new Set(seqs).size).toBe(12)
    expect(new Set(feed.changes.map((c) => c.id))).toEqual(new Set(created.map((doc) => doc.id)))
  })

  it("a read from 0 carries the total number of changes, for the first download's progress", async () => {
    await create('Counted')
    const all = await changes('since=0&limit=1000')
    expect(all.total).toBe(all.changes.length)
    const first = await changes('since=0&limit=1')
    expect(first).toMatchObject({ hasMore: true, total: all.changes.length })
    expect((await changes(`since=${first.cursor}&limit=1`)).total).toBeUndefined()
  })

  it('answers 400 to a bad since or limit', async () => {
    for (const query of ['since=abc', 'since=-1', 'limit=0', 'limit=5001', 'since[x]=1']) {
      const response = await api('GET', `/api/sync/changes?${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().errors[0].name).toBe('QueryError')
    }
  })

  it('answers 410 to a cursor older than purged tombstones; 0 and newer cursors still work', async () => {
    await create('Earlier')
    const before = (await changes('since=0')).cursor
    const doomed = await create('Doomed')
    await api('DELETE', `/api/contacts/${doomed.id}`)
    const afterDelete = (await changes('since=0')).cursor
    // Purge as if 91 days had passed: every tombstone so far goes.
    const purged = await purgeTombstones(server.db, 90, new Date(Date.now() + 91 * 86_400_000))
    expect(purged).toBeGreaterThan(0)
    const stale = await api('GET', `/api/sync/changes?since=${before}`)
    expect(stale.statusCode).toBe(410)
    expect(stale.json()).toMatchObject({ resync: true, errors: [{ name: 'ResyncRequired' }] })
    const fresh = await changes('since=0')
    expect(fresh.changes.some((c) => c.id === doomed.id)).toBe(false)
    expect(fresh.changes.every((c) => !c.deleted)).toBe(true)
    expect((await changes(`since=${afterDelete}`)).changes).toEqual([])
    // A purged id is unknown now.
    expect((await api('GET', `/api/contacts/${doomed.id}`)).statusCode).toBe(404)
  })
})
