/**
 * The in-memory list index's order: the server's, by the list field and by any column the list shows,
 * for a page near the top or deep, through changes, and when a column's order is built after its first sort.
 */
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { readPage } from '../../src/db/list-read'
import { dropMirrorIndexes, mirrorIndex } from '../../src/db/mirror-index'
import { FIELD_ORDER_MEASURE } from '../../src/db/order-build'
import { PICK_UP_TO } from '../../src/db/sorted-entries'
import { compareListOrder, sortKeyOf } from '../../src/domain/list-order'
import { builtIndex, contact, db, reference, withFreshDb } from './mirror-harness'
import { fieldsArb, names, rowId } from './mirror-index-fixtures'

withFreshDb()

type Row = Record<string, unknown>
type Sort = { field: string; descending: boolean }

/** The ids of `rows` in the list's order by `sort`, written plainly as the server orders them. */
const inListOrder = (rows: Row[], sort: Sort) =>
  rows
    .map((row) => ({ id: row.id as string, key: sortKeyOf(row[sort.field]) }))
    .sort((a, b) => compareListOrder(a, b, sort.descending))
    .map((row) => row.id)

/** The whole table, as its rows are now. */
const tableRows = async () => (await db.contacts.toArray()) as unknown as Row[]

/** How many times `field`'s order has been built (its performance measure). */
const builds = (field: string) =>
  performance.getEntriesByName(`${FIELD_ORDER_MEASURE}${field}`, 'measure').length

/** Forty contacts: their first names from `firstNames` in turn, titles with ties and empties, emails. */
const putFortyContacts = (firstNames: (string | null)[]) =>
  db.contacts.bulkPut(
    Array.from({ length: 40 }, (_, i) => ({
      id: `id${String(i).padStart(2, '0')}`,
      version: 1,
      lastName: `L${(i * 7) % 40}`,
      firstName: firstNames[i % firstNames.length],
      title: i % 3 ? `T${i % 4}` : null,
      email: `e${(i * 11) % 40}@example.com`,
    })) as never,
  )

describe('the in-memory list index: the order and pages the server gives', () => {
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
            const rows = await tableRows()
            return inListOrder(
              rows.filter((row) => matching.has(row.id as string)),
              sort,
            )
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
    const change = fc.oneof(
      fc.record({ put: fc.array(fc.tuple(rowId, fieldsArb, shown), { minLength: 1, maxLength: 4 }) }),
      // Its place in the index's own order changes: the entry is made again.
      fc.record({ update: rowId, lastName: names }),
      // Its place stays, what the list shows changes: the entry is the same, shown otherwise.
      fc.record({ retitle: rowId, title: shown }),
      fc.record({ relink: rowId, linkedIn: shown }),
      fc.record({ remove: fc.array(rowId, { minLength: 1, maxLength: 3 }) }),
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
            const rows = await tableRows()
            for (const search of ['', 'a', 'ada']) {
              const matching = new Set(await reference(search))
              for (const sort of sorts) {
                const want = inListOrder(
                  rows.filter((row) => matching.has(row.id as string)),
                  sort,
                )
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
    const want = async (field: string, descending: boolean) =>
      inListOrder(await tableRows(), { field, descending })
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

  it('builds ahead, once the list asks, the order of every column it shows but its own, and a first sort then reads page 1 from it', async () => {
    await putFortyContacts(['ada', 'Ada', 'grace', '', null])
    const index = await builtIndex()
    const columns = ['firstName', 'title', 'email', 'phone', 'linkedIn']
    const before = columns.map(builds)
    index.sortAhead()
    await index.ordersBuilt()
    expect(columns.map(builds)).toEqual(before.map((count) => count + 1))
    // Every first sort, either way, reads its page from the order built ahead: none is built again.
    const rows = await tableRows()
    for (const field of columns)
      for (const descending of [false, true])
        expect(index.page('', 0, 10, { field, descending }).ids).toEqual(
          inListOrder(rows, { field, descending }).slice(0, 10),
        )
    expect(columns.map(builds)).toEqual(before.map((count) => count + 1))

    // Orders asked for ahead around changes (dropped by a change that comes before they are built, or
    // following it when built first): every page after them exact, whichever came first.
    await db.contacts.bulkPut(
      Array.from({ length: 600 }, (_, i) => ({
        id: `many${i}`,
        version: 1,
        lastName: `M${i}`,
        title: `T${i % 7}`,
      })) as never,
    )
    await index.idle()
    index.sortAhead()
    await db.contacts.put({
      id: 'id98',
      version: 1,
      lastName: 'Newer',
      firstName: 'amy',
      title: 'A',
    } as never)
    await index.idle()
    await index.ordersBuilt()
    const now = await tableRows()
    for (const field of columns)
      for (const descending of [false, true])
        expect(index.page('', 0, 10, { field, descending }).ids).toEqual(
          inListOrder(now, { field, descending }).slice(0, 10),
        )
  })

  it('makes ahead the sort keys of every column it shows but its own, and a first sort then picks page 1 from them, through changes', async () => {
    await putFortyContacts(['ada', 'Ada', 'grace', '', null, 'Émile'])
    const index = await builtIndex()
    const columns = ['firstName', 'title', 'email', 'phone', 'linkedIn']
    expect(index.hasSortKeys('firstName')).toBe(false)
    index.keysAhead()
    await index.ordersBuilt()
    // A change after the keys are made: they follow it.
    await db.contacts.put({ id: 'id97', version: 1, lastName: 'Aaa', firstName: 'Ábel', title: 'A' } as never)
    await db.contacts.delete('id03')
    await index.idle()
    expect(columns.filter((field) => index.hasSortKeys(field))).toEqual(columns)
    const rows = await tableRows()
    for (const field of columns)
      for (const descending of [false, true]) {
        const before = builds(field)
        expect(index.page('', 0, 10, { field, descending }).ids).toEqual(
          inListOrder(rows, { field, descending }).slice(0, 10),
        )
        // Picked from the keys: the column's order is left to be built after the page is painted.
        expect(builds(field)).toBe(before)
        // …and a searched first sort too.
        expect(index.page('ada', 0, 3, { field, descending }).ids).toEqual(
          inListOrder(
            rows.filter((row) => `${row.firstName ?? ''}`.toLowerCase() === 'ada'),
            { field, descending },
          ).slice(0, 3),
        )
      }
    await index.ordersBuilt()
  })

  it('builds ahead no order of a column its header cannot sort (rich text)', async () => {
    await db.products.bulkPut(
      Array.from({ length: 12 }, (_, i) => ({
        id: `p${i}`,
        version: 1,
        name: `Product ${i}`,
        description: [{ type: 'paragraph', children: [{ text: `Words ${11 - i}` }] }],
      })) as never,
    )
    const index = await builtIndex('products')
    const before = builds('description')
    index.sortAhead()
    await index.ordersBuilt()
    expect(builds('description')).toBe(before)
  })

  it('keeps every page exact through changes that come between a column’s first sort and its order’s build', async () => {
    const sorts = ['firstName', 'title', 'email', 'linkedIn'].flatMap((field) =>
      [false, true].map((descending) => ({ field, descending })),
    )
    const shown = fc.constantFrom('in/ada', 'IN/ada', 'in/Émile', 'in/😀', 'ｚed', 'zed', '', null)
    const step = fc.oneof(
      // A header clicked, and a page read: page 1, or the one after.
      fc.record({ sort: fc.constantFrom(...sorts), page: fc.constantFrom(0, 1) }),
      fc.record({ put: fc.array(fc.tuple(rowId, fieldsArb, shown), { minLength: 1, maxLength: 4 }) }),
      fc.record({ update: rowId, lastName: names }),
      fc.record({ retitle: rowId, title: shown }),
      fc.record({ relink: rowId, linkedIn: shown }),
      fc.record({ remove: fc.array(rowId, { minLength: 1, maxLength: 3 }) }),
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
          const want = async (sort: Sort) => inListOrder(await tableRows(), sort)
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
})
