/**
 * A list page asked of the server while online (src/sync/list-page.ts) writes
 * only what the mirror does not hold yet: a page that comes back with the
 * versions the device has is not written again, so no live query or list
 * index wakes for it; a newer version is written, under the queued edits.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { META } from '../../../src/db/meta'
import { onMirrorChanges } from '../../../src/db/mirror-changes'
import { updateRecord } from '../../../src/db/record-writes'
import { refreshListPage } from '../../../src/sync/list-page'
import { json, scripted } from '../../sync/fake-server'

let env: ReturnType<typeof scripted>
let stopHearing = () => {}
afterEach(async () => {
  stopHearing()
  await env.db.delete()
})

const doc = (id: string, version: number, extra: Record<string, unknown> = {}) => ({
  id,
  version,
  firstName: id,
  lastName: 'L',
  ...extra,
})

/** The ids of contacts the mirror announced as written, from now on. */
function written() {
  const ids: string[] = []
  stopHearing = onMirrorChanges(env.db.name, (changes) => {
    const changed = changes.contacts
    if (changed) ids.push(...(changed === 'all' ? ['all'] : changed))
  })
  return ids
}

describe('a list page from the server', () => {
  it('does not write again the rows whose version the mirror holds, and writes the newer ones', async () => {
    env = scripted()
    await env.db.meta.put({ key: META.hydrated, value: true })
    // Held at version 3 with a value the server's copy of version 3 does not have: rewritten, it would change.
    await env.db.contacts.bulkPut([doc('a', 3, { title: 'As held' }), doc('b', 1)] as never)
    const ids = written()
    env.state.answer = () =>
      json(200, { docs: [doc('a', 3), doc('b', 2, { title: 'Director' })], totalDocs: 2, limit: 10, page: 1 })

    expect(await refreshListPage(env.ctx, 'contacts', { page: 1, perPage: 10, search: '' })).toBe(2)
    expect(await env.db.contacts.get('a')).toMatchObject({ version: 3, title: 'As held' })
    expect(await env.db.contacts.get('b')).toMatchObject({ version: 2, title: 'Director' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(ids).toEqual(['b'])
  })

  it('writes nothing at all when the whole page is unchanged', async () => {
    env = scripted()
    await env.db.meta.put({ key: META.hydrated, value: true })
    await env.db.contacts.bulkPut([doc('a', 3), doc('b', 1)] as never)
    const ids = written()
    env.state.answer = () => json(200, { docs: [doc('a', 3), doc('b', 1)], totalDocs: 2, limit: 10, page: 1 })
    await refreshListPage(env.ctx, 'contacts', { page: 1, perPage: 10, search: '' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(ids).toEqual([])
  })

  it('writes a newer version under the edit still queued, and fills gaps before the first download ends', async () => {
    env = scripted()
    await env.db.contacts.put(doc('a', 1, { title: 'Old', phone: '1' }) as never)
    await updateRecord(env.writes, 'contacts', 'a', { phone: '2' })
    env.state.answer = () =>
      json(200, {
        docs: [doc('a', 2, { title: 'New', phone: '1' }), doc('c', 1)],
        totalDocs: 2,
        limit: 10,
        page: 1,
      })
    await refreshListPage(env.ctx, 'contacts', { page: 1, perPage: 10, search: '' })
    expect(await env.db.contacts.get('a')).toMatchObject({ version: 2, title: 'New', phone: '2' })
    expect(await env.db.contacts.get('c')).toMatchObject({ version: 1 })
  })
})
