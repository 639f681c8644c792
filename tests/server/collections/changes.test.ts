import { describe, expect, it } from 'vitest'
import { purgeTombstones } from '../../../server/maintenance'
import type { Change, ChangesResponse } from '../../../src/domain/rest'
import { signedInServer } from '../helpers'
import { imageForm, png } from '../image-fixtures'

const signedIn = signedInServer()
const { api } = signedIn

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

  it('reads the next page ahead, and loses no write made between two pages', async () => {
    const head = (await changes('since=0&limit=5000')).cursor
    const made = []
    for (const name of ['Ahead1', 'Ahead2', 'Ahead3', 'Ahead4', 'Ahead5']) made.push((await create(name)).id)
    const first = await changes(`since=${head}&limit=2`)
    expect(first.hasMore).toBe(true)
    // The next page is read once this answer is on its way (a setImmediate); then someone writes.
    await new Promise((resolve) => setImmediate(resolve))
    made.push((await create('Late')).id)
    const second = await changes(`since=${first.cursor}&limit=2`)
    // Read ahead before the write: the late row is not in it, but in the page after.
    expect(second.changes.map((change) => change.doc?.firstName)).toEqual(['Ahead3', 'Ahead4'])
    const third = await changes(`since=${second.cursor}&limit=2`)
    expect(third.changes.map((change) => change.doc?.firstName)).toEqual(['Ahead5', 'Late'])
    const seen = [first, second, third].flatMap((page) => page.changes)
    expect(seen.map((change) => change.id)).toEqual(made)
    const seqs = seen.map((change) => change.seq)
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
  })

  it('answers each doc as the REST API answers it, for every collection and kind of field', async () => {
    const head = (await changes('since=0&limit=5000')).cursor
    const awkward = 'Zoë "Q" O\'Brien\n\t<b>&amp;</b> 😀 \\ \u0001 ∑'
    const posted = async (path: string, payload: unknown) => {
      const response = await api('POST', `/api/${path}`, payload)
      expect(response.statusCode, response.body).toBe(201)
      return response.json().doc as { id: string }
    }
    const company = await posted('companies', { companyName: awkward, website: 'acme.example' })
    const made: Array<[string, string]> = [['companies', company.id]]
    made.push(['contacts', (await posted('contacts', { firstName: awkward, company: company.id })).id])
    made.push(['contacts', (await posted('contacts', { firstName: 'No company', email: 'a@b.example' })).id])
    const description = [{ type: 'paragraph', children: [{ text: awkward, bold: true }] }]
    for (const [path, imageField, upload] of [
      ['industries', 'industryImage', 'industry-image'],
      ['services', 'serviceImage', 'service-image'],
      ['products', 'productImage', 'product-image'],
    ] as const) {
      const image = await signedIn.server.request(signedIn.cookie, {
        method: 'POST',
        url: `/api/${upload}`,
        payload: imageForm(png(8, 8), `${path} photo.png`),
      })
      expect(image.statusCode, image.body).toBe(201)
      made.push([
        path,
        (await posted(path, { name: awkward, description, [imageField]: image.json().doc.id })).id,
      ])
      made.push([path, (await posted(path, { name: `${path} plain` })).id])
    }
    const feed = (await changes(`since=${head}&limit=5000`)).changes
    for (const [path, id] of made) {
      const rest = await api('GET', `/api/${path}/${id}`)
      expect(rest.statusCode).toBe(200)
      const fed = feed.find((change) => change.id === id)
      expect(fed, `${path} ${id}`).toMatchObject({ collection: path, deleted: false })
      expect(fed?.doc, path).toEqual(rest.json())
      // Key for key in the same order, as a client comparing JSON texts would see them.
      expect(JSON.stringify(fed?.doc)).toBe(JSON.stringify(rest.json()))
    }
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
    const purged = await purgeTombstones(signedIn.server.db, 90, new Date(Date.now() + 91 * 86_400_000))
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
