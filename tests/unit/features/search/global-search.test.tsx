import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import fc from 'fast-check'
import { beforeEach, describe, expect, it } from 'vitest'
import { OutpostDb } from '../../../../src/db/database'
import { dropMirrorIndexes, mirrorIndex } from '../../../../src/db/mirror-index'
import { globalQuery, globalSearchTexts, matchesGlobal } from '../../../../src/domain/global-search'
import { compareListOrder, sortKeyOf } from '../../../../src/domain/list-order'
import { listStateKey } from '../../../../src/ui/use-list-state'
import { currentPath, makeRuntime, renderApp, seedContacts, storeSession, testUser } from '../../helpers'

const stamp = new Date(2024, 0, 1).toISOString()
const base = { version: 1, createdAt: stamp, updatedAt: stamp }
const SOREN = 'c0000000-0000-4000-8000-000000000001'
const ANCHORS = 'd0000000-0000-4000-8000-000000000001'

/** A paragraph whose words are split over leaves, as the editor stores a bold word. */
const anchorsText = [
  {
    type: 'paragraph',
    children: [{ text: 'Hand-' }, { text: 'forged', bold: true }, { text: ' anchors for Nordic harbours' }],
  },
]

/** Twelve 'Person NN' contacts (helpers.ts), and one record per entity with 'Nordic' in it. */
async function seed(db: OutpostDb) {
  await seedContacts(db, 12)
  await db.contacts.bulkAdd([
    {
      ...base,
      id: SOREN,
      firstName: 'Søren',
      lastName: 'Kierkegaard',
      title: 'Nordic buyer',
      department: '',
      email: 's.kierkegaard@example.dk',
      phone: '+44 (0)20 7946-0123',
      mobile: '',
      company: null,
    },
  ] as never[])
  await db.companies.bulkAdd([
    {
      ...base,
      id: 'b0000000-0000-4000-8000-000000000001',
      companyName: 'Nordic Shipping',
      website: 'https://nordic.example',
      email: '',
      address: '',
      mainPhone: '',
    },
    {
      ...base,
      id: 'b0000000-0000-4000-8000-000000000002',
      companyName: 'Müller Bau',
      website: '',
      email: '',
      address: '',
      mainPhone: '+49 30 1234 5678',
    },
  ] as never[])
  await db.industries.bulkAdd([
    { ...base, id: 'e0000000-0000-4000-8000-000000000001', name: 'Nordic fishing', description: [] },
  ] as never[])
  await db.services.bulkAdd([
    {
      ...base,
      id: 'f0000000-0000-4000-8000-000000000001',
      name: 'Harbour survey',
      description: [{ type: 'paragraph', children: [{ text: 'Across the Nordic coast' }] }],
    },
  ] as never[])
  await db.products.bulkAdd([{ ...base, id: ANCHORS, name: 'Anchor', description: anchorsText }] as never[])
}

async function open(path = '/admin/overview') {
  const runtime = makeRuntime()
  await seed(runtime.db)
  const view = renderApp(path, { runtime })
  await screen.findByRole('combobox', { name: 'Search everything' })
  return { ...view, runtime }
}

const box = () => screen.getByRole('combobox', { name: 'Search everything' }) as HTMLInputElement
function search(text: string) {
  box().focus()
  fireEvent.change(box(), { target: { value: text } })
}
const results = () => screen.findByRole('listbox', { name: 'Search results' })
const optionNames = (within_: HTMLElement) =>
  within(within_)
    .getAllByRole('option')
    .map((o) => o.textContent)
const marks = (element: HTMLElement) => [...element.querySelectorAll('mark')].map((mark) => mark.textContent)
const key = (k: string) => fireEvent.keyDown(box(), { key: k })

describe('the top bar search', () => {
  beforeEach(() => storeSession())

  it('groups what it finds by entity, in the sidebar order, with each entity’s label', async () => {
    await open()
    search('nordic')
    const list = await results()
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('group')
          .map((group) => group.getAttribute('aria-labelledby')),
      ).toHaveLength(5),
    )
    const headings = within(list)
      .getAllByRole('group')
      .map((group) => document.getElementById(group.getAttribute('aria-labelledby') as string)?.textContent)
    expect(headings).toEqual(['Contacts', 'Companies', 'Industries', 'Services', 'Products'])
    // The detail line is the field that matched: the contact's title, not the email.
    expect(optionNames(within(list).getByRole('group', { name: 'Contacts' }))).toEqual([
      'Søren KierkegaardNordic buyer',
    ])
    expect(optionNames(within(list).getByRole('group', { name: 'Companies' }))).toEqual([
      'Nordic Shippinghttps://nordic.example',
    ])
    // The service is found by its description, which the detail line then shows.
    expect(optionNames(within(list).getByRole('group', { name: 'Services' }))).toEqual([
      'Harbour surveyAcross the Nordic coast',
    ])
  })

  it("finds 'Søren' by 'soren' and marks the name as written", async () => {
    await open()
    search('soren')
    const option = await within(await results()).findByRole('option', { name: /^Søren Kierkegaard/ })
    expect(marks(option)).toEqual(['Søren'])
    search('MULLER')
    await within(await results()).findByRole('option', { name: /^Müller Bau/ })
  })

  it('finds a phone number by its digits, whatever the formatting, and shows the phone', async () => {
    await open()
    search('7946 0123')
    const option = await within(await results()).findByRole('option', { name: /^Søren Kierkegaard/ })
    expect(optionNames(await results())).toEqual(['Søren Kierkegaard+44 (0)20 7946-0123'])
    expect(marks(option)).toEqual(['7946-0123'])
    search('12345678')
    await within(await results()).findByRole('option', { name: 'Müller Bau+49 30 1234 5678' })
  })

  it('finds a rich-text description by its words, across bold and plain leaves', async () => {
    await open()
    search('forged anchors')
    const option = await within(await results()).findByRole('option', { name: /^Anchor/ })
    expect(option.textContent).toBe('AnchorHand-forged anchors for Nordic harbours')
    expect(marks(option)).toEqual(['forged', 'anchors'])
  })

  it('moves through the results with the arrow keys and opens the active one with Enter', async () => {
    const { router } = await open()
    search('person')
    const list = await results()
    await within(list).findByRole('option', { name: /^12 found · search Contacts for/ })
    const options = within(list).getAllByRole('option')
    // Five contacts, then "Show all".
    expect(options).toHaveLength(6)
    expect(box().getAttribute('aria-activedescendant')).toBeNull()
    key('ArrowDown')
    key('ArrowDown')
    expect(box().getAttribute('aria-activedescendant')).toBe(options[1]?.id)
    expect(options[1]?.getAttribute('aria-selected')).toBe('true')
    key('ArrowUp')
    key('ArrowUp')
    // Up from the first wraps to the last.
    expect(box().getAttribute('aria-activedescendant')).toBe(options[5]?.id)
    key('ArrowDown')
    key('ArrowDown')
    expect(options[1]?.textContent).toMatch(/^First02 Person 02/)
    key('Enter')
    await waitFor(() =>
      expect(currentPath(router)).toBe('/contacts/edit/00000000-0000-4000-8000-000000000002'),
    )
    await screen.findByRole('heading', { level: 1, name: 'Edit Contact' })
    // Done with: the box is empty and closed.
    expect(box().value).toBe('')
    expect(screen.queryByRole('listbox', { name: 'Search results' })).toBeNull()
  })

  it('opens a record by a click too', async () => {
    const { router } = await open()
    search('anchor')
    fireEvent.click(await within(await results()).findByRole('option', { name: /^Anchor/ }))
    await waitFor(() => expect(currentPath(router)).toBe(`/products/edit/${ANCHORS}`))
  })

  it('is focused by / anywhere but in another field', async () => {
    await open('/contacts/list')
    const listSearch = await screen.findByPlaceholderText('Search records')
    fireEvent.keyDown(document.body, { key: '/' })
    expect(document.activeElement).toBe(box())

    listSearch.focus()
    const typed = fireEvent.keyDown(listSearch, { key: '/' })
    expect(typed).toBe(true) // not prevented: the '/' is typed
    expect(document.activeElement).toBe(listSearch)
  })

  it('closes on Escape, keeping the text, and leaves the field on a second Escape', async () => {
    await open()
    search('soren')
    await within(await results()).findByRole('option', { name: /^Søren/ })
    key('Escape')
    expect(screen.queryByRole('listbox', { name: 'Search results' })).toBeNull()
    expect(box().getAttribute('aria-expanded')).toBe('false')
    expect(box().value).toBe('soren')
    expect(document.activeElement).toBe(box())
    key('Escape')
    expect(document.activeElement).not.toBe(box())
    // Back in the field, the results come back for the text it kept.
    box().focus()
    await within(await results()).findByRole('option', { name: /^Søren/ })
  })

  it('says when nothing matches, and shows a record added while it is open', async () => {
    const { runtime } = await open()
    search('hopper')
    await screen.findByText('Nothing matches “hopper”')
    await runtime.mutate.add('contacts', {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
    })
    const option = await within(await results()).findByRole('option', { name: /^Grace Hopper/ })
    expect(marks(option)).toEqual(['Hopper'])
    expect(screen.queryByText('Nothing matches “hopper”')).toBeNull()
  })

  it('"Show all" opens the entity’s list on the search, remembered for the user', async () => {
    const { router } = await open()
    localStorage.setItem(
      listStateKey(`${testUser.id}.contact`),
      JSON.stringify({ page: 3, perPage: 25, search: '' }),
    )
    search('person')
    fireEvent.click(
      await within(await results()).findByRole('option', { name: /^12 found · search Contacts for/ }),
    )
    await waitFor(() => expect(currentPath(router)).toBe('/contacts/list'))
    expect(JSON.parse(localStorage.getItem(listStateKey(`${testUser.id}.contact`)) as string)).toEqual({
      page: 1,
      perPage: 25,
      search: 'person',
      sort: '',
    })
    const listSearch = (await screen.findByPlaceholderText('Search records')) as HTMLInputElement
    expect(listSearch.value).toBe('person')
    await screen.findByText('Showing 1 to 12 of 12 entries')
  })

  it('"Show all" lists exactly what the top bar counted: accents, phone digits, departments', async () => {
    const { runtime, router } = await open()
    // Seven of the twelve 'Person' contacts work in Engineering.
    for (const n of ['01', '03', '05', '07', '09', '11', '12'])
      await runtime.db.contacts.update(`00000000-0000-4000-8000-0000000000${n}`, {
        department: 'Engineering',
      })
    const cases = [
      // Typed with an accent the names do not have.
      ['pérson', 12],
      // Only as digits: each phone is written '+44 20 7946 00NN'.
      ['2079 4600', 12],
      ['ENGINEERING', 7],
    ] as const
    for (const [typed, count] of cases) {
      await router.navigate({ to: '/admin/overview' })
      search(typed)
      fireEvent.click(
        await within(await results()).findByRole('option', {
          name: new RegExp(`^${count} found · search Contacts for`),
        }),
      )
      await waitFor(() => expect(currentPath(router)).toBe('/contacts/list'))
      await screen.findByText(`Showing 1 to ${Math.min(count, 10)} of ${count} entries`)
    }
  })

  it('"Show all" from the list itself searches that list at once', async () => {
    await open('/contacts/list')
    await screen.findByText('Showing 1 to 10 of 13 entries')
    search('person')
    fireEvent.click(
      await within(await results()).findByRole('option', { name: /^12 found · search Contacts for/ }),
    )
    await screen.findByText('Showing 1 to 10 of 12 entries')
    expect((screen.getByPlaceholderText('Search records') as HTMLInputElement).value).toBe('person')
  })
})

describe('the index behind it', () => {
  it('answers from memory, counting every match and naming the first few in list order', async () => {
    const runtime = makeRuntime()
    await seed(runtime.db)
    const index = mirrorIndex(runtime.db, 'contacts')
    index.warm()
    await index.idle()
    const { total, ids } = index.find(globalQuery('PERSON'), 3)
    expect(total).toBe(12)
    expect(ids).toEqual([1, 2, 3].map((n) => `00000000-0000-4000-8000-00000000000${n}`))
    expect(index.find(globalQuery('020 79460123'), 5)).toEqual({ total: 1, ids: [SOREN] })
    // A change is heard: the renamed contact is found by its new name only.
    await runtime.db.contacts.update(SOREN, { firstName: 'Sørina' })
    await index.idle()
    expect(index.find(globalQuery('sorina'), 5).ids).toEqual([SOREN])
    expect(index.find(globalQuery('soren'), 5).total).toBe(0)
  })

  it('answers exactly what the rule says, in list order, as the user types on and records change', async () => {
    const pick = <T,>(...values: T[]) => fc.constantFrom(...values)
    const record = fc.record({
      firstName: pick('Søren', 'soren', 'Zoë', 'Ada', ''),
      lastName: pick('Müller', 'muller', 'Ødegaard', 'Kim', null),
      phone: pick('+44 (0)20 7946-0123', '7946 0123', '020 7946', '12-34', ''),
      mobile: pick('0123', '+1 234', ''),
      title: pick('Buyer', 'Level 1-2-3', ''),
    })
    // Typed a character at a time: every prefix in turn, so the narrowing path is taken and left.
    const typed = pick(
      'soren muller',
      'zoe',
      '7946 0123',
      '020 79460123',
      'mu 12',
      '1-2',
      'kim buyer',
      'ode 234',
    )
    const step = fc.oneof(
      typed.map((text) => ({ type: text })),
      fc.record({ change: fc.nat(9), to: record }),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(record, { minLength: 1, maxLength: 10 }),
        fc.array(step, { maxLength: 6 }),
        async (rows, steps) => {
          const db = new OutpostDb(`find-${crypto.randomUUID()}`)
          const id = (i: number) => `id${i % rows.length}`
          await db.contacts.bulkPut(rows.map((row, i) => ({ ...row, id: id(i), version: 1 })) as never[])
          // Rows that rarely match, so that few candidates are tested one by one, not by another pass.
          await db.contacts.bulkPut(
            Array.from({ length: 40 }, (_, i) => ({
              id: `filler${i}`,
              version: 1,
              firstName: 'Filler',
              lastName: 'Row',
            })) as never[],
          )
          const index = mirrorIndex(db, 'contacts')
          index.warm()
          await index.idle()
          /** The rule written plainly over every row of the table. */
          const check = async (text: string) => {
            const query = globalQuery(text)
            const all = (await db.contacts.toArray()) as unknown as Record<string, unknown>[]
            const expected = all
              .filter((row) => matchesGlobal(globalSearchTexts(row, 'contacts'), query))
              .map((row) => ({ id: row.id as string, key: sortKeyOf(row.lastName) }))
              .sort(compareListOrder)
              .map((entry) => entry.id)
            expect(index.find(query, 3)).toEqual({ total: expected.length, ids: expected.slice(0, 3) })
          }
          let typedSoFar = ''
          try {
            for (const next of steps) {
              if ('change' in next) {
                await db.contacts.put({ ...next.to, id: id(next.change), version: 2 } as never)
                await index.idle()
                // The box still open on the same text: asked again, it must not answer from before the change.
                await check(typedSoFar)
                continue
              }
              for (let end = 1; end <= next.type.length; end++) {
                typedSoFar = next.type.slice(0, end)
                await check(typedSoFar)
              }
            }
          } finally {
            dropMirrorIndexes(db)
            await db.delete()
          }
        },
      ),
      { numRuns: 60 },
    )
  })
})
