import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { FIELD_ORDER_MEASURE } from '../../src/db/field-order'
import { readPage } from '../../src/db/list-read'
import { dropMirrorIndexes, mirrorIndex } from '../../src/db/mirror-index'
import { writePacks } from '../../src/db/packs'
import { pointingAt } from '../../src/db/references'
import { PICK_UP_TO } from '../../src/db/sorted-entries'
import { collections } from '../../src/domain/collections'
import { compareListOrder, sortKeyOf } from '../../src/domain/list-order'
import { fromPlainText } from '../../src/domain/rich-text'
import { builtIndex, contact, db, reference, withFreshDb } from './mirror-harness'

withFreshDb()

const names = fc.constantFrom('ada', 'Ada', 'grace', 'Hopper', 'ALAN', 'turing', 'lin', '', null)
const fieldsArb = fc.record({ lastName: names, firstName: names, email: names })

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
    const { rows } = index.page('ada', 0, 10)
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
    expect(index.page('ada', 0, 10).rows[0]?.title).toBe('Director')
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
    expect(index.matches('')).toEqual(['e', 'b', 'c', 'a', 'd'])
  })

  it('finds rows holding every word in any searched field, rich-text descriptions included', async () => {
    await db.contacts.bulkPut([
      contact('1', 'Lovelace', 'Ada', 'ada@analytical.example'),
      contact('2', 'Byron', 'Ada', 'ada@poetry.example'),
    ])
    const index = await builtIndex()
    expect(index.matches('ada lovel')).toEqual(['1'])
    expect(index.matches('ANALYTICAL')).toEqual(['1'])
    expect(index.matches('ada')).toEqual(['2', '1'])

    await db.products.put({
      id: 'p',
      version: 1,
      name: 'Outpost',
      description: fromPlainText('Works offline'),
    } as never)
    const products = await builtIndex('products')
    expect(products.matches('offline out')).toEqual(['p'])
  })

  it('follows puts, updates, deletes and a clear once built', async () => {
    await db.contacts.bulkPut([contact('a', 'Babbage'), contact('b', 'Curie')])
    const index = await builtIndex()
    await db.contacts.put(contact('c', 'Agnesi'))
    await db.contacts.update('b', { lastName: 'Ada' } as never)
    await db.contacts.delete('a')
    await index.idle()
    expect(index.matches('')).toEqual(['b', 'c'])
    await db.contacts.clear()
    await db.contacts.put(contact('z', 'Zuse'))
    await index.idle()
    expect(index.matches('')).toEqual(['z'])
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
    const ids = index.matches('')
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
    expect(index.matches('')).toEqual(['a', 'c'])
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
          expect(index.matches('')).toEqual(await reference(''))
          // What a list page paints is the table's rows as they are now, its shown fields only.
          const table = await db.contacts.bulkGet(await reference(''))
          expect(index.page('', 0, 100).rows).toEqual(table.map((row) => shownOf(row as never)))
          expect(index.matches('a')).toEqual(await reference('a'))
          expect(index.matches('in a')).toEqual(await reference('in a'))
        },
      ),
      { numRuns: 60 },
    )
  })

  it('answers a page in any order the list shows, as the server orders it, near the top and deep, through changes', async () => {
    const sortArb = fc.record({
      field: fc.constantFrom('firstName', 'lastName', 'email', 'linkedIn'),
      descending: fc.boolean(),
    })
    const profiles = fc.constantFrom('in/ada', 'IN/ada', 'in/Émile', 'zed', '', null)
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ fields: fieldsArb, linkedIn: profiles }), { maxLength: 14 }),
        sortArb,
        fc.constantFrom('', 'a', 'ada'),
        fc.record({ at: fc.nat(13), linkedIn: profiles }),
        async (start, sort, search, edit) => {
          await db.contacts.clear()
          await db.contacts.bulkPut(
            start.map(
              ({ fields, linkedIn }, i) => ({ id: `id${i}`, version: 1, ...fields, linkedIn }) as never,
            ),
          )
          const index = mirrorIndex(db, 'contacts')
          index.warm()
          await index.idle()
          const expected = async () => {
            const matching = new Set(await reference(search))
            const rows = (await db.contacts.toArray()) as unknown as Array<Record<string, unknown>>
            return rows
              .filter((row) => matching.has(row.id as string))
              .map((row) => ({ id: row.id as string, key: sortKeyOf(row[sort.field]) }))
              .sort((a, b) => compareListOrder(a, b, sort.descending))
              .map((row) => row.id)
          }
          const check = async () => {
            const want = await expected()
            // Picked out near the top (a page of 5 from the second), and sorted whole for a page past PICK_UP_TO.
            expect(index.page(search, 5, 5, sort).ids).toEqual(want.slice(5, 10))
            expect(index.page(search, 0, PICK_UP_TO + 1, sort).ids).toEqual(want)
            expect(index.page(search, 0, 5, sort).total).toBe(want.length)
          }
          await check()
          // A field the list shows but no search holds, changed in place (the index's own order and texts
          // unmoved), still moves its row in an order by that field.
          if (start.length > 0) {
            await db.contacts.update(`id${edit.at % start.length}`, { linkedIn: edit.linkedIn } as never)
            await index.idle()
            await check()
          }
        },
      ),
      { numRuns: 80 },
    )
  })

  it('keeps the orders of the columns sorted in step with any run of puts, moves, edits in place and deletes', async () => {
    const sorts = ['firstName', 'title', 'email', 'linkedIn', 'lastName'].flatMap((field) =>
      [false, true].map((descending) => ({ field, descending })),
    )
    // Ties in any case, accents, an astral letter, a fullwidth one and nothing, in the columns edited in place.
    const shown = fc.constantFrom('in/ada', 'IN/ada', 'in/Émile', 'in/😀', 'ｚed', 'zed', '', null)
    const id = fc.integer({ min: 0, max: 15 }).map((n) => `id${n}`)
    const change = fc.oneof(
      fc.record({ put: fc.array(fc.tuple(id, fieldsArb, shown), { minLength: 1, maxLength: 4 }) }),
      // Its place in the index's own order changes: the entry is made again.
      fc.record({ update: id, lastName: names }),
      // Its place stays, what the list shows changes: the entry is the same, shown otherwise.
      fc.record({ retitle: id, title: shown }),
      fc.record({ relink: id, linkedIn: shown }),
      fc.record({ remove: fc.array(id, { minLength: 1, maxLength: 3 }) }),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fieldsArb, shown), { maxLength: 14 }),
        fc.array(change, { minLength: 1, maxLength: 8 }),
        async (start, changes) => {
          await db.contacts.clear()
          await db.contacts.bulkPut(
            start.map(([fields, title], i) => ({ id: `id${i}`, version: 1, ...fields, title }) as never),
          )
          const index = mirrorIndex(db, 'contacts')
          index.warm()
          await index.idle()
          // Every column sorted once, with no search: the index keeps each one's order from now on.
          for (const sort of sorts) index.page('', 0, 1, sort)
          const check = async () => {
            const rows = (await db.contacts.toArray()) as unknown as Array<Record<string, unknown>>
            for (const search of ['', 'a', 'ada']) {
              const matching = new Set(await reference(search))
              for (const sort of sorts) {
                const want = rows
                  .filter((row) => matching.has(row.id as string))
                  .map((row) => ({ id: row.id as string, key: sortKeyOf(row[sort.field]) }))
                  .sort((a, b) => compareListOrder(a, b, sort.descending))
                  .map((row) => row.id)
                expect(index.page(search, 0, 3, sort).ids).toEqual(want.slice(0, 3))
                expect(index.page(search, 4, 3, sort).ids).toEqual(want.slice(4, 7))
                expect(index.page(search, 0, 100, sort)).toMatchObject({ ids: want, total: want.length })
              }
            }
          }
          for (const next of changes) {
            if ('put' in next)
              await db.contacts.bulkPut(
                next.put.map(([key, fields, title]) => ({ id: key, version: 1, ...fields, title }) as never),
              )
            else if ('update' in next)
              await db.contacts.update(next.update, { lastName: next.lastName } as never)
            else if ('retitle' in next) await db.contacts.update(next.retitle, { title: next.title } as never)
            else if ('relink' in next)
              await db.contacts.update(next.relink, { linkedIn: next.linkedIn } as never)
            else await db.contacts.bulkDelete(next.remove)
            await index.idle()
            await check()
          }
        },
      ),
      { numRuns: 40 },
    )
  })

  it('answers a column’s first sort in one pass, and builds the column’s order once, after, for the pages and sorts that follow', async () => {
    /** How many times the order of `field` was built (each build ends with a performance measure). */
    const builds = (field: string) =>
      performance.getEntriesByName(`${FIELD_ORDER_MEASURE}${field}`, 'measure').length
    const firstNames = ['ada', 'Ada', 'grace', 'Hopper', '', null]
    await db.contacts.bulkPut(
      Array.from({ length: 30 }, (_, i) => ({
        id: `id${String(i).padStart(2, '0')}`,
        version: 1,
        lastName: `L${(i * 7) % 30}`,
        firstName: firstNames[i % firstNames.length],
        title: i % 3 ? 'Engineer' : null,
      })) as never,
    )
    const index = await builtIndex()
    const want = async (field: string, descending: boolean) => {
      const rows = (await db.contacts.toArray()) as unknown as Array<Record<string, unknown>>
      return rows
        .map((row) => ({ id: row.id as string, key: sortKeyOf(row[field]) }))
        .sort((a, b) => compareListOrder(a, b, descending))
        .map((row) => row.id)
    }
    const ascending = { field: 'firstName', descending: false }
    const descending = { field: 'firstName', descending: true }
    // Worked out before the click: reading the table gives the build its task.
    const up = await want('firstName', false)
    const down = await want('firstName', true)
    const before = builds('firstName')
    // The click's pages, picked out of the entries: the order is not built in it.
    expect(index.page('', 0, 10, ascending).ids).toEqual(up.slice(0, 10))
    expect(index.page('', 10, 10, ascending).ids).toEqual(up.slice(10, 20))
    expect(builds('firstName')).toBe(before)
    await index.ordersBuilt()
    expect(builds('firstName')).toBe(before + 1)
    // Every page after it, either way, deep ones too, read from that order: none builds it again.
    expect(index.page('', 20, 10, ascending).ids).toEqual(up.slice(20, 30))
    expect(index.page('', 0, 10, descending).ids).toEqual(down.slice(0, 10))
    expect(index.page('', 0, PICK_UP_TO + 1, descending).ids).toEqual(down)
    expect(builds('firstName')).toBe(before + 1)

    // A build waiting when the index stops (signed out) never runs.
    const titles = builds('title')
    index.page('', 0, 10, { field: 'title', descending: false })
    dropMirrorIndexes(db)
    await index.ordersBuilt()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(builds('title')).toBe(titles)
  })

  it('keeps every page exact through changes that come between a column’s first sort and its order’s build', async () => {
    const sorts = ['firstName', 'title', 'email', 'linkedIn'].flatMap((field) =>
      [false, true].map((descending) => ({ field, descending })),
    )
    const shown = fc.constantFrom('in/ada', 'IN/ada', 'in/Émile', 'in/😀', 'ｚed', 'zed', '', null)
    const id = fc.integer({ min: 0, max: 15 }).map((n) => `id${n}`)
    const step = fc.oneof(
      // A header clicked, and a page read: page 1, or the one after.
      fc.record({ sort: fc.constantFrom(...sorts), page: fc.constantFrom(0, 1) }),
      fc.record({ put: fc.array(fc.tuple(id, fieldsArb, shown), { minLength: 1, maxLength: 4 }) }),
      fc.record({ update: id, lastName: names }),
      fc.record({ retitle: id, title: shown }),
      fc.record({ relink: id, linkedIn: shown }),
      fc.record({ remove: fc.array(id, { minLength: 1, maxLength: 3 }) }),
      // The page painted: the next build waiting runs (the column asked for last first).
      fc.record({ paint: fc.constant(true) }),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fieldsArb, shown), { maxLength: 14 }),
        fc.array(step, { minLength: 1, maxLength: 12 }),
        async (start, steps) => {
          await db.contacts.clear()
          await db.contacts.bulkPut(
            start.map(([fields, title], i) => ({ id: `id${i}`, version: 1, ...fields, title }) as never),
          )
          const index = mirrorIndex(db, 'contacts')
          index.warm()
          await index.idle()
          const want = async (sort: { field: string; descending: boolean }) => {
            const rows = (await db.contacts.toArray()) as unknown as Array<Record<string, unknown>>
            return rows
              .map((row) => ({ id: row.id as string, key: sortKeyOf(row[sort.field]) }))
              .sort((a, b) => compareListOrder(a, b, sort.descending))
              .map((row) => row.id)
          }
          // The builds run only when a step paints (their timers held), the changes' own work unheld.
          vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
          try {
            for (const next of steps) {
              if ('sort' in next) {
                const { sort, page } = next
                expect(index.page('', page * 3, 3, sort).ids).toEqual(
                  (await want(sort)).slice(page * 3, page * 3 + 3),
                )
                continue
              }
              if ('paint' in next) {
                vi.advanceTimersToNextTimer()
                continue
              }
              if ('put' in next)
                await db.contacts.bulkPut(
                  next.put.map(
                    ([key, fields, title]) => ({ id: key, version: 1, ...fields, title }) as never,
                  ),
                )
              else if ('update' in next)
                await db.contacts.update(next.update, { lastName: next.lastName } as never)
              else if ('retitle' in next)
                await db.contacts.update(next.retitle, { title: next.title } as never)
              else if ('relink' in next)
                await db.contacts.update(next.relink, { linkedIn: next.linkedIn } as never)
              else await db.contacts.bulkDelete(next.remove)
              await index.idle()
            }
            vi.runAllTimers()
          } finally {
            vi.useRealTimers()
          }
          await index.ordersBuilt()
          for (const sort of sorts) {
            const all = await want(sort)
            expect(index.page('', 0, 3, sort).ids).toEqual(all.slice(0, 3))
            expect(index.page('', 3, 3, sort).ids).toEqual(all.slice(3, 6))
            expect(index.page('', 0, 100, sort)).toMatchObject({ ids: all, total: all.length })
          }
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

  it('finds a company’s contacts in list order, packed ones too, and follows them moving and going', async () => {
    const acme = { relationTo: 'companies', value: 'acme' }
    const withCompany = (row: never, company: unknown) => ({ ...(row as object), company }) as never
    await db.contacts.bulkPut([
      withCompany(contact('b', 'Turing'), acme),
      withCompany(contact('a', 'hopper'), acme),
      withCompany(contact('c', 'Lovelace'), { relationTo: 'companies', value: 'other' }),
      withCompany(contact('d', 'Byron'), null),
    ])
    // Still in a pack after a first sync: not in the table, yet a contact of the company.
    await db.transaction('rw', [db.contacts, db.packs], () =>
      writePacks(db, 'contacts', [withCompany(contact('e', 'Babbage'), acme)]),
    )
    const index = await builtIndex()
    const ids = () => index.linkedTo('company', 'acme').map((row) => row.id)
    expect(ids()).toEqual(['e', 'a', 'b'])
    expect((await pointingAt(db, 'companies', 'acme'))[0]?.rows.map((row) => row.id)).toEqual(['e', 'a', 'b'])

    // Only the company changes: the entry keeps its place and learns its new link.
    await db.contacts.update('c', { company: acme } as never)
    await db.contacts.update('a', { company: null } as never)
    await db.contacts.delete('e')
    await index.idle()
    expect(ids()).toEqual(['c', 'b'])
    expect(index.linkedTo('company', 'other')).toEqual([])
    expect(await pointingAt(db, 'companies', 'nobody')).toEqual([])
  })
})
