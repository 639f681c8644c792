/**
 * How the list index hears the mirror's writes (src/db/mirror-changes.ts): this tab's, another tab's,
 * the sync worker's, large changes across tasks, and a write that changed nothing.
 */
import Dexie from 'dexie'
import { describe, expect, it, vi } from 'vitest'
import { OutpostDb } from '../../src/db/database'
import { entryRowsOf } from '../../src/db/index-entries'
import { readPage } from '../../src/db/list-read'
import { announceWritten, onMirrorChanges } from '../../src/db/mirror-changes'
import { SharedStrings } from '../../src/db/shared-strings'
import { builtIndex, contact, db, reference, withFreshDb } from './mirror-harness'

withFreshDb()

describe('the list index hearing writes', () => {
  it('hears another tab over its channel, even a tab whose writes this one never saw', async () => {
    await db.contacts.put(contact('a', 'Mine'))
    const index = await builtIndex()
    // Another tab: its own connection (no middleware here) and its own channel.
    const otherTab = await new Dexie(db.name).open()
    await otherTab.table('contacts').put(contact('b', 'Theirs'))
    otherTab.close()
    const channel = new BroadcastChannel(`outpost-mirror:${db.name}`)
    channel.postMessage({ contacts: ['b'] })
    await vi.waitFor(() => expect(index.matches('')).toEqual(['a', 'b']))
    channel.close()
  })

  it('falls back to the table, and builds again, when it cannot read a change', async () => {
    await db.contacts.put(contact('a', 'Kept'))
    const index = await builtIndex()
    // The next read of any table fails once (db.table() hands out fresh Table objects: spy on their prototype).
    const failOnce = vi.spyOn(Object.getPrototypeOf(db.contacts), 'bulkGet')
    failOnce.mockRejectedValueOnce(new Error('connection lost'))
    // Written in another tab: this one hears only the id, and must read the row.
    const otherTab = await new Dexie(db.name).open()
    await otherTab.table('contacts').put(contact('b', 'Missed'))
    otherTab.close()
    const channel = new BroadcastChannel(`outpost-mirror:${db.name}`)
    channel.postMessage({ contacts: ['b'] })
    await vi.waitFor(() => expect(failOnce).toHaveBeenCalled())
    channel.close()
    await index.idle()
    expect(index.ready).toBe(false)
    const page = await readPage(db, 'contacts', { page: 1, perPage: 10, search: '' })
    expect(page?.rows.map((row) => row.id)).toEqual(['a', 'b'])
    await index.idle()
    expect(index.ready).toBe(true)
    expect(index.matches('')).toEqual(['a', 'b'])
    failOnce.mockRestore()
  })

  it("follows this tab's writes from the rows written, without reading them back", async () => {
    await db.contacts.put(contact('a', 'Kept'))
    const index = await builtIndex()
    const reads = vi.spyOn(Object.getPrototypeOf(db.contacts), 'bulkGet')
    await db.contacts.bulkPut([contact('c', 'Carter'), contact('b', 'Baker')])
    await db.transaction('rw', db.contacts, async () => {
      await db.contacts.put(contact('d', 'Doe'))
      await db.contacts.delete('d')
      await db.contacts.delete('a')
      await db.contacts.put(contact('a', 'Zed'))
    })
    await index.idle()
    expect(reads).not.toHaveBeenCalled()
    expect(index.matches('')).toEqual(['b', 'c', 'a'])
    reads.mockRestore()
  })

  it('follows the sync worker’s writes from the rows it hands over, without reading them again', async () => {
    await db.contacts.bulkPut([contact('a', 'Adams'), contact('z', 'Zed')])
    const index = await builtIndex()
    const reads = vi.spyOn(Object.getPrototypeOf(db.contacts), 'bulkGet')
    // As the worker announces them: its rows are in IndexedDB already, and arrive by message cut to their entries' fields.
    const rows = new Map<string, Record<string, unknown> | null>([
      ['m', { id: 'm', version: 1, firstName: 'Mary', lastName: 'Moss', email: '' }],
      ['z', null],
    ])
    announceWritten(db.name, { contacts: ['m', 'z'] }, entryRowsOf({ contacts: rows }))
    await index.idle()
    expect(reads).not.toHaveBeenCalled()
    expect(index.matches('')).toEqual(['a', 'm'])
    expect(index.matches('mary')).toEqual(['m'])
    // An id changed without a row (a write that may have failed) is read again.
    await db.contacts.put(contact('b', 'Baker'))
    announceWritten(db.name, { contacts: ['b'] }, { contacts: new Map() })
    await index.idle()
    expect(reads).toHaveBeenCalledTimes(1)
    expect(index.matches('')).toEqual(['a', 'b', 'm'])
    reads.mockRestore()
  })

  it('makes a large change’s entries across several tasks, and applies the change at once', async () => {
    const index = await builtIndex()
    let versions = 0
    index.subscribe(() => versions++)
    // Read by a task queued as the change is heard: the entries are still being made then, so the index
    // must show none of it yet, rather than all of it (made in one task) or part of it.
    let seenMeanwhile = -1
    const stop = onMirrorChanges(db.name, () => {
      setTimeout(() => {
        seenMeanwhile = index.matches('').length
      }, 0)
    })
    await db.contacts.bulkPut(Array.from({ length: 2_500 }, (_, i) => contact(`p${i}`, 'Moss', 'Ada')))
    await index.idle()
    await new Promise((resolve) => setTimeout(resolve, 0))
    stop()
    expect(seenMeanwhile).toBe(0)
    expect(index.matches('moss')).toHaveLength(2_500)
    expect(versions).toBe(1)
  })

  it("pools a large change's strings once such changes pause, and a small change's at once", async () => {
    const index = await builtIndex()
    const share = vi.spyOn(SharedStrings.prototype, 'share')
    // A first sync's page: 600 rows in one write.
    await db.contacts.bulkPut(Array.from({ length: 600 }, (_, i) => contact(`p${i}`, 'Moss', 'Ada')))
    await index.idle()
    expect(index.matches('moss')).toHaveLength(600)
    expect(share).not.toHaveBeenCalled()
    await db.contacts.put(contact('one', 'Lone'))
    await index.idle()
    expect(share).toHaveBeenCalledWith('lastName', 'Lone')
    // A second after the last large change, its 600 entries are pooled.
    await vi.waitFor(
      () => expect(share.mock.calls.filter(([, value]) => value === 'Moss')).toHaveLength(600),
      {
        timeout: 3_000,
      },
    )
    share.mockRestore()
  })

  it('places a few new rows among many where a full sort would', async () => {
    const many = Array.from({ length: 200 }, (_, i) => contact(`m${i}`, `name${(i * 37) % 101}`))
    await db.contacts.bulkPut(many)
    const index = await builtIndex()
    await db.contacts.bulkPut([contact('x1', 'name5'), contact('x2', 'aaa'), contact('x3', null)])
    await db.contacts.put(contact('m7', 'name0'))
    await index.idle()
    expect(index.matches('')).toEqual(await reference(''))
  })

  it('tells its readers of a row written again unchanged in order and texts, keeping the order', async () => {
    await db.contacts.bulkPut([contact('a', 'Adams', 'Ann'), contact('b', 'Baker', 'Bob')])
    const index = await builtIndex()
    expect(index.matches('ann')).toEqual(['a'])
    const before = index.getVersion()
    await db.contacts.put({ ...(contact('a', 'Adams', 'Ann') as object), version: 2 } as never)
    await index.idle()
    expect(index.getVersion()).toBeGreaterThan(before)
    expect(index.matches('')).toEqual(['a', 'b'])
    expect(index.matches('ann')).toEqual(['a'])
    await db.contacts.put(contact('a', 'Zed', 'Ann'))
    await index.idle()
    expect(index.matches('')).toEqual(['b', 'a'])
  })

  it('does not announce a write that changed nothing', async () => {
    await db.contacts.put(contact('a', 'Kept'))
    const index = await builtIndex()
    const before = index.getVersion()
    await db.contacts.update('missing', { lastName: 'Nobody' } as never)
    await db.contacts
      .where('lastName')
      .equals('Nobody')
      .modify({ firstName: 'x' } as never)
    await db.contacts.put(contact('b', 'Real'))
    await index.idle()
    expect(index.getVersion()).toBe(before + 1)
  })

  it('hears the writes of another connection to the same database (another tab)', async () => {
    await db.contacts.put(contact('a', 'Mine'))
    const index = await builtIndex()
    const otherTab = new OutpostDb(db.name)
    await otherTab.contacts.put(contact('b', 'Theirs'))
    otherTab.close()
    await index.idle()
    expect(index.matches('')).toEqual(['a', 'b'])
  })
})
