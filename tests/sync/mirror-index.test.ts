import Dexie from 'dexie'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OutpostDb } from '../../src/db/database'
import { entryRowsOf } from '../../src/db/index-entries'
import { announceWritten, onMirrorChanges } from '../../src/db/mirror-changes'
import { dropMirrorIndexes, mirrorIndex } from '../../src/db/mirror-index'
import { SharedStrings } from '../../src/db/shared-strings'
import { collections } from '../../src/domain/collections'
import { fromPlainText } from '../../src/domain/rich-text'
import { readPage } from '../../src/features/records/record-query'

let db: OutpostDb

beforeEach(() => {
  db = new OutpostDb(`index-${crypto.randomUUID()}`)
})
afterEach(async () => {
  dropMirrorIndexes(db)
  await db.delete()
})

const contact = (id: string, lastName: string | null, firstName = '', email = '') =>
  ({ id, version: 1, firstName, lastName, email }) as never

async function builtIndex(collection: 'contacts' | 'products' = 'contacts') {
  const index = mirrorIndex(db, collection)
  index.warm()
  await index.idle()
  expect(index.ready).toBe(true)
  return index
}

type Fields = Record<string, string | null>
const names = fc.constantFrom('ada', 'Ada', 'grace', 'Hopper', 'ALAN', 'turing', 'lin', '', null)
const fieldsArb = fc.record({ lastName: names, firstName: names, email: names })

/** The list's rules written plainly over every row of the table: the order and the ids matching `search`. */
async function reference(search: string) {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean)
  const all = (await db.contacts.toArray()) as unknown as Fields[]
  const text = (r: Fields) =>
    [r.firstName, r.email, r.lastName]
      .map((v) => v ?? '')
      .join('\n')
      .toLowerCase()
  const key = (r: Fields) => (r.lastName == null ? null : r.lastName.toLowerCase())
  return all
    .filter((r) => words.every((word) => text(r).includes(word)))
    .sort((a, b) => {
      const [ka, kb] = [key(a), key(b)]
      if (ka !== kb) return ka === null ? 1 : kb === null ? -1 : ka < kb ? -1 : 1
      return (a.id as string) < (b.id as string) ? -1 : 1
    })
    .map((r) => r.id as string)
}

/** A contact as its list shows it: the id and the fields the list has, as the table holds them. */
const shownOf = (row: Record<string, unknown>) =>
  Object.fromEntries(
    ['id', ...collections.contacts.listFields].filter((f) => row[f] !== undefined).map((f) => [f, row[f]]),
  )

describe('the in-memory list index', () => {
  it('keeps what the list shows of each row, and follows its edits', async () => {
    const ada = {
      id: 'a',
      version: 1,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0123',
      title: 'Analyst',
      notes: 'not on the list',
    }
    await db.contacts.put(ada as never)
    const index = await builtIndex()
    const { rows } = index.page(['ada'], 0, 10)
    expect(rows).toEqual([
      {
        id: 'a',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phone: '+44 20 7946 0123',
        title: 'Analyst',
      },
    ])
    const before = index.getVersion()
    await db.contacts.update('a', { title: 'Director' } as never)
    await index.idle()
    expect(index.getVersion()).toBeGreaterThan(before)
    expect(index.page(['ada'], 0, 10).rows[0]?.title).toBe('Director')
    // The row painted before is not changed under the screen that holds it.
    expect(rows[0]?.title).toBe('Analyst')
  })

  it('orders as the server does: the list field ignoring case, empty last, ties by id', async () => {
    await db.contacts.bulkPut([
      contact('c', 'lovelace'),
      contact('a', 'Turing'),
      contact('d', null),
      contact('b', 'Lovelace'),
      contact('e', 'hopper'),
    ])
    const index = await builtIndex()
    expect(index.matches([])).toEqual(['e', 'b', 'c', 'a', 'd'])
  })

  it('finds rows holding every word in any searched field, rich-text descriptions included', async () => {
    await db.contacts.bulkPut([
      contact('1', 'Lovelace', 'Ada', 'ada@analytical.example'),
      contact('2', 'Byron', 'Ada', 'ada@poetry.example'),
    ])
    const index = await builtIndex()
    expect(index.matches(['ada', 'lovel'])).toEqual(['1'])
    expect(index.matches(['ANALYTICAL'.toLowerCase()])).toEqual(['1'])
    expect(index.matches(['ada'])).toEqual(['2', '1'])

    await db.products.put({
      id: 'p',
      version: 1,
      name: 'Outpost',
      description: fromPlainText('Works offline'),
    } as never)
    const products = await builtIndex('products')
    expect(products.matches(['offline', 'out'])).toEqual(['p'])
  })

  it('follows puts, updates, deletes and a clear once built', async () => {
    await db.contacts.bulkPut([contact('a', 'Babbage'), contact('b', 'Curie')])
    const index = await builtIndex()
    await db.contacts.put(contact('c', 'Agnesi'))
    await db.contacts.update('b', { lastName: 'Ada' } as never)
    await db.contacts.delete('a')
    await index.idle()
    expect(index.matches([])).toEqual(['b', 'c'])
    await db.contacts.clear()
    await db.contacts.put(contact('z', 'Zuse'))
    await index.idle()
    expect(index.matches([])).toEqual(['z'])
  })

  it('misses nothing committed while it is being built', async () => {
    await db.contacts.bulkPut(
      Array.from({ length: 12_000 }, (_, i) => contact(`r${String(i).padStart(5, '0')}`, 'Row')),
    )
    const index = mirrorIndex(db, 'contacts')
    index.warm()
    // Written while the build reads its chunks: one ahead of the reads, one behind them.
    await db.contacts.bulkPut([contact('r11999', 'Changed'), contact('new', 'Added')])
    await db.contacts.delete('r00000')
    await index.idle()
    const ids = index.matches([])
    expect(ids).toHaveLength(12_000)
    expect(ids.slice(0, 2)).toEqual(['new', 'r11999'])
    expect(ids).not.toContain('r00000')
  })

  it('ignores a write whose transaction was rolled back', async () => {
    await db.contacts.put(contact('a', 'Kept'))
    const index = await builtIndex()
    await expect(
      db.transaction('rw', db.contacts, async () => {
        await db.contacts.put(contact('b', 'Rolled back'))
        throw new Error('abort')
      }),
    ).rejects.toThrow('abort')
    await db.contacts.put(contact('c', 'Later'))
    await index.idle()
    expect(index.matches([])).toEqual(['a', 'c'])
  })

  it('hears another tab over its channel, even a tab whose writes this one never saw', async () => {
    await db.contacts.put(contact('a', 'Mine'))
    const index = await builtIndex()
    // Another tab: its own connection (no middleware here) and its own channel.
    const otherTab = await new Dexie(db.name).open()
    await otherTab.table('contacts').put(contact('b', 'Theirs'))
    otherTab.close()
    const channel = new BroadcastChannel(`outpost-mirror:${db.name}`)
    channel.postMessage({ contacts: ['b'] })
    await vi.waitFor(() => expect(index.matches([])).toEqual(['a', 'b']))
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
    expect(index.matches([])).toEqual(['a', 'b'])
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
    expect(index.matches([])).toEqual(['b', 'c', 'a'])
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
    expect(index.matches([])).toEqual(['a', 'm'])
    expect(index.matches(['mary'])).toEqual(['m'])
    // An id changed without a row (a write that may have failed) is read again.
    await db.contacts.put(contact('b', 'Baker'))
    announceWritten(db.name, { contacts: ['b'] }, { contacts: new Map() })
    await index.idle()
    expect(reads).toHaveBeenCalledTimes(1)
    expect(index.matches([])).toEqual(['a', 'b', 'm'])
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
        seenMeanwhile = index.matches([]).length
      }, 0)
    })
    await db.contacts.bulkPut(Array.from({ length: 2_500 }, (_, i) => contact(`p${i}`, 'Moss', 'Ada')))
    await index.idle()
    await new Promise((resolve) => setTimeout(resolve, 0))
    stop()
    expect(seenMeanwhile).toBe(0)
    expect(index.matches(['moss'])).toHaveLength(2_500)
    expect(versions).toBe(1)
  })

  it("pools a large change's strings once such changes pause, and a small change's at once", async () => {
    const index = await builtIndex()
    const share = vi.spyOn(SharedStrings.prototype, 'share')
    // A first sync's page: 600 rows in one write.
    await db.contacts.bulkPut(Array.from({ length: 600 }, (_, i) => contact(`p${i}`, 'Moss', 'Ada')))
    await index.idle()
    expect(index.matches(['moss'])).toHaveLength(600)
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
    expect(index.matches([])).toEqual(await reference(''))
  })

  it('tells its readers of a row written again unchanged in order and texts, keeping the order', async () => {
    await db.contacts.bulkPut([contact('a', 'Adams', 'Ann'), contact('b', 'Baker', 'Bob')])
    const index = await builtIndex()
    expect(index.matches(['ann'])).toEqual(['a'])
    const before = index.getVersion()
    await db.contacts.put({ ...(contact('a', 'Adams', 'Ann') as object), version: 2 } as never)
    await index.idle()
    expect(index.getVersion()).toBeGreaterThan(before)
    expect(index.matches([])).toEqual(['a', 'b'])
    expect(index.matches(['ann'])).toEqual(['a'])
    await db.contacts.put(contact('a', 'Zed', 'Ann'))
    await index.idle()
    expect(index.matches([])).toEqual(['b', 'a'])
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
    expect(index.matches([])).toEqual(['a', 'b'])
  })

  it('answers a list page with the same rows and total as reading the table', async () => {
    const search = fc.constantFrom('', 'a', 'ad', 'ada gr', 'in', 'tur al', 'zzz')
    const pageCase = fc.record({
      rows: fc.array(fieldsArb, { maxLength: 40 }),
      search,
      page: fc.integer({ min: 1, max: 4 }),
      perPage: fc.constantFrom(5, 10),
    })
    await fc.assert(
      fc.asyncProperty(pageCase, async ({ rows, search, page, perPage }) => {
        await db.contacts.clear()
        await db.contacts.bulkPut(
          rows.map(
            (fields, i) => ({ id: `id${String(i).padStart(2, '0')}`, version: 1, ...fields }) as never,
          ),
        )
        const index = mirrorIndex(db, 'contacts')
        index.warm()
        await index.idle()
        const fromIndex = await readPage(db, 'contacts', { page, perPage, search })
        const expected = await reference(search)
        expect(fromIndex?.total).toBe(expected.length)
        expect(fromIndex?.rows.map((r) => r.id)).toEqual(expected.slice((page - 1) * perPage, page * perPage))
      }),
      { numRuns: 60 },
    )
  })

  it('stays in the table’s order through any run of puts, updates and deletes', async () => {
    const id = fc.integer({ min: 0, max: 15 }).map((n) => `id${n}`)
    const change = fc.oneof(
      fc.record({ put: fc.array(fc.tuple(id, fieldsArb), { minLength: 1, maxLength: 4 }) }),
      fc.record({ update: id, lastName: names }),
      // A field the list shows but neither orders nor searches by.
      fc.record({ retitle: id, title: names }),
      fc.record({ remove: fc.array(id, { minLength: 1, maxLength: 3 }) }),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(fieldsArb, { maxLength: 12 }),
        fc.array(change, { maxLength: 12 }),
        async (start, changes) => {
          await db.contacts.clear()
          await db.contacts.bulkPut(
            start.map((fields, i) => ({ id: `id${i}`, version: 1, ...fields }) as never),
          )
          const index = mirrorIndex(db, 'contacts')
          index.warm()
          await index.idle()
          for (const next of changes) {
            if ('put' in next)
              await db.contacts.bulkPut(
                next.put.map(([key, fields]) => ({ id: key, version: 1, ...fields }) as never),
              )
            else if ('update' in next)
              await db.contacts.update(next.update, { lastName: next.lastName } as never)
            else if ('retitle' in next) await db.contacts.update(next.retitle, { title: next.title } as never)
            else await db.contacts.bulkDelete(next.remove)
          }
          await index.idle()
          expect(index.matches([])).toEqual(await reference(''))
          // What a list page paints is the table's rows as they are now, its shown fields only.
          const table = await db.contacts.bulkGet(await reference(''))
          expect(index.page([], 0, 100).rows).toEqual(table.map((row) => shownOf(row as never)))
          expect(index.matches(['a'])).toEqual(await reference('a'))
          expect(index.matches(['in', 'a'])).toEqual(await reference('in a'))
        },
      ),
      { numRuns: 60 },
    )
  })

  it('sorts by a field that has no IndexedDB index as the server does, when no list index can help', async () => {
    await db.contacts.bulkPut([
      contact('a', 'x', 'bea'),
      contact('b', 'x', 'Ann'),
      contact('c', 'x', null as never),
      contact('d', 'x', 'ann'),
    ])
    const page = await readPage(db, 'contacts', { page: 1, perPage: 10, search: '', sort: 'firstName' })
    expect(page?.rows.map((row) => row.id)).toEqual(['b', 'd', 'a', 'c'])
    const reversed = await readPage(db, 'contacts', { page: 1, perPage: 2, search: 'a', sort: '-firstName' })
    expect(reversed).toMatchObject({ total: 3 })
    // Descending turns the order round but not the tie-break: Ann and ann stay in id order.
    expect(reversed?.rows.map((row) => row.id)).toEqual(['a', 'b'])
  })
})

describe('the current schema (version 5)', () => {
  it('keeps every row and queued change of a version 2 database, adds the account table and the packs', async () => {
    const name = `upgrade-${crypto.randomUUID()}`
    const old = new Dexie(name)
    old.version(2).stores({
      contacts: 'id, firstName, lastName, email, updatedAt',
      outbox: '++seq, &opId, recordId, status, [collection+recordId]',
      notices: '++id, recordId',
      meta: 'key',
      companies: 'id, companyName, email, website, mainPhone, updatedAt',
      industries: 'id, name, updatedAt',
      services: 'id, name, updatedAt',
      products: 'id, name, updatedAt',
      images: 'id',
    })
    await old.table('contacts').put({ id: 'c1', version: 1, firstName: 'Ada', lastName: 'Lovelace' })
    await old.table('outbox').add({ opId: 'op1', recordId: 'c1', collection: 'contacts', status: 'pending' })
    old.close()
    const upgraded = new OutpostDb(name)
    expect(await upgraded.contacts.get('c1')).toMatchObject({ firstName: 'Ada' })
    expect(await upgraded.outbox.count()).toBe(1)
    expect(upgraded.verno).toBe(5)
    expect(await upgraded.users.count()).toBe(0)
    expect(await upgraded.packs.count()).toBe(0)
    await upgraded.delete()
  })
})
