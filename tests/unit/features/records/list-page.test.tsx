import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutpostDb } from '../../../../src/db/database'
import { dropMirrorIndexes, mirrorIndex } from '../../../../src/db/mirror-index'
import { FIELD_ORDER_MEASURE } from '../../../../src/db/order-build'
import type { OutboxOp } from '../../../../src/db/outbox-types'
import { listStateKey } from '../../../../src/ui/use-list-state'
import { currentPath, makeRuntime, renderApp, seedContacts, storeSession } from '../../helpers'

/** The first-name cells of the table body, in order. */
function firstNames() {
  const [, body] = screen.getAllByRole('rowgroup')
  return within(body as HTMLElement)
    .queryAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent)
}

/** The databases of the lists opened: their indexes stop after each test. */
const opened = new Set<OutpostDb>()

async function openList(seed = 30) {
  storeSession()
  const runtime = makeRuntime()
  opened.add(runtime.db)
  await seedContacts(runtime.db, seed)
  const view = renderApp('/contacts/list', { runtime })
  await screen.findByRole('heading', { name: 'All Contacts' })
  return { ...view, runtime }
}

describe('contacts list', () => {
  beforeEach(() => storeSession())
  // A list left open builds its columns' orders in slices after its test: the next test counts the builds
  // (performance measures, one timeline for the file), so none goes on past its own test.
  afterEach(() => {
    for (const db of opened) dropMirrorIndexes(db)
    opened.clear()
  })

  it('renders the first page of the mirror with the showing text', async () => {
    await openList()
    await waitFor(() => expect(firstNames()).toHaveLength(10))
    expect(firstNames()[0]).toBe('First01')
    expect(firstNames()[9]).toBe('First10')
    expect(screen.getByText('Showing 1 to 10 of 30 entries')).toBeTruthy()
    expect(screen.getByRole('columnheader', { name: 'First Name' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Add Contact' }).getAttribute('href')).toBe('/contacts/add')
    // Email action: a mail link, or disabled when the contact has none.
    expect(screen.getByRole('link', { name: 'Email First02 Person 02' }).getAttribute('href')).toBe(
      'mailto:person02@example.com',
    )
    expect(screen.getByRole('button', { name: 'Email First01 Person 01' })).toHaveProperty('disabled', true)
  })

  it('pages, and changes the page size from page 1', async () => {
    await openList()
    await waitFor(() => expect(firstNames()).toHaveLength(10))
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }))
    await waitFor(() => expect(firstNames()[0]).toBe('First21'))
    expect(screen.getByText('Showing 21 to 30 of 30 entries')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true)

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: '25' } })
    await waitFor(() => expect(firstNames()).toHaveLength(25))
    expect(firstNames()[0]).toBe('First01')
    expect(screen.getByText('Showing 1 to 25 of 30 entries')).toBeTruthy()
  })

  it('shows any page in the render that follows the click, from the list index in memory', async () => {
    const { runtime } = await openList()
    await waitFor(() => expect(firstNames()).toHaveLength(10))
    await waitFor(() => expect(mirrorIndex(runtime.db, 'contacts').ready).toBe(true))
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    // No waiting: the rows are there as the click's render ends.
    expect(firstNames()[0]).toBe('First11')
    expect(screen.getByText('Showing 11 to 20 of 30 entries')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }))
    expect(firstNames()[0]).toBe('First21')
  })

  it('shows a search’s rows in the render that follows Enter, and follows an edit of a row shown', async () => {
    const { runtime } = await openList()
    await waitFor(() => expect(mirrorIndex(runtime.db, 'contacts').ready).toBe(true))
    const box = screen.getByPlaceholderText('Search records')
    fireEvent.change(box, { target: { value: 'first2 person' } })
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(firstNames()).toEqual([
      'First20',
      'First21',
      'First22',
      'First23',
      'First24',
      'First25',
      'First26',
      'First27',
      'First28',
      'First29',
    ])
    expect(screen.getByText('Showing 1 to 10 of 10 entries')).toBeTruthy()
    // Saved elsewhere (another tab, the server's copy): the row on screen changes with it.
    await runtime.db.contacts.update('00000000-0000-4000-8000-000000000021', { firstName: 'First21b' })
    await waitFor(() => expect(firstNames()[1]).toBe('First21b'))
  })

  it('opens a row’s edit screen from its Edit link, which is a real link to that screen', async () => {
    const { router } = await openList()
    await waitFor(() => expect(firstNames()).toHaveLength(10))
    const edit = screen.getByRole('link', { name: 'Edit First03 Person 03' })
    expect(edit.getAttribute('href')).toBe('/contacts/edit/00000000-0000-4000-8000-000000000003')
    // With a modifier the browser opens it elsewhere: the app stays where it is.
    fireEvent.click(edit, { ctrlKey: true })
    expect(currentPath(router)).toBe('/contacts/list')
    fireEvent.click(edit)
    await waitFor(() =>
      expect(currentPath(router)).toBe('/contacts/edit/00000000-0000-4000-8000-000000000003'),
    )
    await screen.findByRole('heading', { level: 1, name: 'Edit Contact' })
  })

  it('opens a row’s record by its name too', async () => {
    const { router } = await openList()
    await waitFor(() => expect(firstNames()).toHaveLength(10))
    const [, body] = screen.getAllByRole('rowgroup')
    const name = within(body as HTMLElement).getByRole('link', { name: 'First04' })
    expect(name.getAttribute('href')).toBe('/contacts/edit/00000000-0000-4000-8000-000000000004')
    fireEvent.click(name)
    await waitFor(() =>
      expect(currentPath(router)).toBe('/contacts/edit/00000000-0000-4000-8000-000000000004'),
    )
  })

  it('narrows the rows as the user searches, after a pause', async () => {
    await openList()
    await waitFor(() => expect(firstNames()).toHaveLength(10))
    fireEvent.change(screen.getByPlaceholderText('Search records'), { target: { value: 'person07@' } })
    await waitFor(() => expect(firstNames()).toEqual(['First07']))
    expect(screen.getByText('Showing 1 to 1 of 1 entries')).toBeTruthy()

    fireEvent.change(screen.getByPlaceholderText('Search records'), { target: { value: 'nobody-here' } })
    await screen.findByText('No contacts match "nobody-here"')
    expect(firstNames()).toEqual([])
  })

  it('never shows the server’s count for one search beside the rows of another', async () => {
    storeSession()
    const runtime = makeRuntime()
    opened.add(runtime.db)
    // The server holds 40 contacts in all, 10 more than this device has so far.
    runtime.engine.refreshPage = async (_collection, query) => (query.search === '' ? 40 : null)
    await seedContacts(runtime.db, 30)
    renderApp('/contacts/list', { runtime })
    // How far the device has come, not a total that is still growing.
    await screen.findByText('Showing 1 to 10 · 30 of 40 records downloaded')

    // Offline, a search is answered by the device alone: the count of the whole list no longer applies.
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    fireEvent.change(screen.getByPlaceholderText('Search records'), { target: { value: 'person07@' } })
    await waitFor(() => expect(firstNames()).toEqual(['First07']))
    expect(screen.getByText('Showing 1 to 1 of 1 entries')).toBeTruthy()
    expect(screen.queryByText('records downloaded', { exact: false })).toBeNull()
    offline.mockRestore()
  })

  it('restores the page, size and search remembered for this list, by this user only', async () => {
    // Another member of staff's search on this tablet is theirs alone.
    localStorage.setItem(
      listStateKey('someone-else.contact'),
      JSON.stringify({ page: 1, perPage: 5, search: 'first2' }),
    )
    localStorage.setItem(
      listStateKey('u1.contact'),
      JSON.stringify({ page: 2, perPage: 5, search: 'first1' }),
    )
    await openList()
    // "first1" matches First10 … First19: page 2 of 5 holds First15 … First19.
    await waitFor(() => expect(firstNames()).toEqual(['First15', 'First16', 'First17', 'First18', 'First19']))
    expect((screen.getByPlaceholderText('Search records') as HTMLInputElement).value).toBe('first1')
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe('5')

    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }))
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(listStateKey('u1.contact')) ?? '{}')).toEqual({
        page: 1,
        perPage: 5,
        search: 'first1',
        sort: '',
      }),
    )
  })

  it('sorts by a column’s header: ascending, descending, then its own order again, and remembers it', async () => {
    const { unmount, runtime } = await openList()
    await waitFor(() => expect(firstNames()).toHaveLength(10))
    const sortOf = (name: string) => screen.getByRole('columnheader', { name }).getAttribute('aria-sort')
    // The list's own order is by last name: its header says so, no other does.
    expect(sortOf('Last Name')).toBe('ascending')
    expect(sortOf('Title')).toBeNull()
    // Every other contact is an Engineer (First02, First04, …), the rest Planners; ties by id.
    fireEvent.click(screen.getByRole('button', { name: 'Title' }))
    await waitFor(() => expect(firstNames()[0]).toBe('First02'))
    expect(firstNames()).toEqual(
      ['02', '04', '06', '08', '10', '12', '14', '16', '18', '20'].map((n) => `First${n}`),
    )
    expect(sortOf('Title')).toBe('ascending')
    expect(sortOf('Last Name')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(() => expect(firstNames()[0]).toBe('First22'))
    // The other way round, from page 1 again.
    fireEvent.click(screen.getByRole('button', { name: 'Title' }))
    await waitFor(() => expect(firstNames()[0]).toBe('First01'))
    expect(firstNames()[1]).toBe('First03')
    expect(sortOf('Title')).toBe('descending')
    expect(screen.getByText('Showing 1 to 10 of 30 entries')).toBeTruthy()
    // A third click gives the list its own order back.
    fireEvent.click(screen.getByRole('button', { name: 'Title' }))
    await waitFor(() => expect(firstNames()[1]).toBe('First02'))
    expect(sortOf('Last Name')).toBe('ascending')
    // Its own column turns descending, and is remembered for the next visit.
    fireEvent.click(screen.getByRole('button', { name: 'Last Name' }))
    await waitFor(() => expect(firstNames()[0]).toBe('First30'))
    expect(sortOf('Last Name')).toBe('descending')
    unmount()
    renderApp('/contacts/list', { runtime })
    await waitFor(() => expect(firstNames()[0]).toBe('First30'))
    expect(sortOf('Last Name')).toBe('descending')
  })

  it('builds every column’s order ahead once the list has been still a moment, so a first sort reads page 1 from it', async () => {
    const built = (field: string) =>
      performance.getEntriesByName(`${FIELD_ORDER_MEASURE}${field}`, 'measure').length
    const before = built('email')
    const { runtime } = await openList()
    await waitFor(() => expect(firstNames()).toHaveLength(10))
    // Not at once: the list waits for its index to be still (a first sync changes it every moment).
    expect(built('email')).toBe(before)
    await waitFor(() => expect(built('email')).toBe(before + 1), { timeout: 5_000 })
    await mirrorIndex(runtime.db, 'contacts').ordersBuilt()
    fireEvent.click(screen.getByRole('button', { name: 'Email' }))
    await waitFor(() => expect(firstNames()[0]).toBe('First01'))
    expect(built('email')).toBe(before + 1)
  })

  it('makes every column’s sort keys soon after the list is still, before it builds their orders', async () => {
    const built = (field: string) =>
      performance.getEntriesByName(`${FIELD_ORDER_MEASURE}${field}`, 'measure').length
    const before = built('email')
    const { runtime } = await openList()
    const index = mirrorIndex(runtime.db, 'contacts')
    await waitFor(() => expect(firstNames()).toHaveLength(10))
    expect(index.hasSortKeys('email')).toBe(false)
    await waitFor(() => expect(index.hasSortKeys('email')).toBe(true), { timeout: 1_200 })
    // The orders wait longer (1.5 s still): a first sort meanwhile picks page 1 from the keys.
    expect(built('email')).toBe(before)
    fireEvent.click(screen.getByRole('button', { name: 'Email' }))
    await waitFor(() => expect(firstNames()[0]).toBe('First01'))
  })

  it('sorts the cards of a narrow screen with its Sort by select, which follows the headers', async () => {
    await openList()
    await waitFor(() => expect(firstNames()).toHaveLength(10))
    const select = screen.getByLabelText('Sort by') as HTMLSelectElement
    expect(select.value).toBe('')
    expect([...select.options].map((option) => option.textContent)).toContain('Title, Z to A')
    // Rich text has no order: none of the contacts' columns is, so every column is offered both ways.
    expect(select.options).toHaveLength(12)
    fireEvent.change(select, { target: { value: '-title' } })
    await waitFor(() => expect(firstNames()[0]).toBe('First01'))
    expect(firstNames()[1]).toBe('First03')
    expect(screen.getByRole('columnheader', { name: 'Title' }).getAttribute('aria-sort')).toBe('descending')
    fireEvent.click(screen.getByRole('button', { name: 'First Name' }))
    await waitFor(() => expect(select.value).toBe('firstName'))
  })

  it('marks rows whose changes are not on the server yet', async () => {
    const { runtime } = await openList(3)
    await waitFor(() => expect(firstNames()).toHaveLength(3))
    expect(screen.queryByText('Not synced')).toBeNull()

    await runtime.mutate.save('contacts', '00000000-0000-4000-8000-000000000002', { title: 'Boss' })
    const row = (await screen.findByText('Not synced')).closest('tr') as HTMLElement
    expect(within(row).getByText('First02')).toBeTruthy()

    const op = await runtime.db.outbox.toCollection().first()
    await runtime.db.outbox.update(op?.seq as number, { status: 'failed' })
    await screen.findByText('Not saved')
    // A second change of the same record that conflicts outranks the refused one.
    await runtime.db.outbox.add({
      ...(op as OutboxOp),
      seq: undefined,
      opId: 'conflicting',
      status: 'conflict',
    })
    await screen.findByText('Conflict')
    expect(screen.queryByText('Not saved')).toBeNull()
    // Work queued for another collection marks nothing here.
    await runtime.db.outbox.bulkDelete([op?.seq as number])
    await runtime.db.outbox.where('opId').equals('conflicting').modify({ collection: 'companies' })
    await waitFor(() => expect(screen.queryByText('Conflict')).toBeNull())
    expect(screen.queryByText('Not synced')).toBeNull()
  })

  it('says so when there are no contacts yet', async () => {
    const { runtime } = await openList(0)
    await screen.findByText('No contacts yet')
    expect(screen.getByRole('link', { name: 'Add your first contact' })).toBeTruthy()
    await runtime.mutate.add('contacts', { firstName: 'Grace', lastName: 'Hopper' })
    await waitFor(() => expect(firstNames()).toEqual(['GraceNot synced']))
  })
})
