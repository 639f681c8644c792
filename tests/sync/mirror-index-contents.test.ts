/**
 * The in-memory list index: what it keeps of each row, what a search finds in it, and how it follows
 * the table's writes (while it is built, rolled back, in any run) and a company's contacts.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { mirrorIndex } from '../../src/db/mirror-index'
import { writePacks } from '../../src/db/packs'
import { pointingAt } from '../../src/db/references'
import { collections } from '../../src/domain/collections'
import { fromPlainText } from '../../src/domain/rich-text'
import { builtIndex, contact, db, reference, withFreshDb } from './mirror-harness'
import { fieldsArb, names, rowId } from './mirror-index-fixtures'

withFreshDb()

/** A contact as its list shows it: the id and the fields the list has, as the table holds them. */
const shownOf = (row: Record<string, unknown>) =>
  Object.fromEntries(
    ['id', ...collections.contacts.listFields].filter((f) => row[f] !== undefined).map((f) => [f, row[f]]),
  )

describe('the in-memory list index: its rows, its searches and the writes it follows', () => {
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

  it('stays in the table’s order through any run of puts, updates and deletes', async () => {
    const change = fc.oneof(
      fc.record({ put: fc.array(fc.tuple(rowId, fieldsArb), { minLength: 1, maxLength: 4 }) }),
      fc.record({ update: rowId, lastName: names }),
      // A field the list shows but neither orders nor searches by.
      fc.record({ retitle: rowId, title: names }),
      fc.record({ remove: fc.array(rowId, { minLength: 1, maxLength: 3 }) }),
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
