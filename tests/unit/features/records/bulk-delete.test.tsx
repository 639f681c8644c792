/**
 * Many records deleted at once from a list (selection-bar.tsx, bulk-delete.tsx): rows selected by
 * their boxes, a page's box, or every record the search matches; the question names them and counts
 * them; the deletes are one write on the device, each queued, and 'Undo' brings them all back.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { makeRuntime, renderApp, seedContacts, storeSession } from '../../helpers'

async function openList(seed = 30) {
  const runtime = makeRuntime()
  await seedContacts(runtime.db, seed)
  renderApp('/contacts/list', { runtime })
  await screen.findByRole('checkbox', { name: 'Select First01 Person 01' })
  return runtime
}

const dialog = () => screen.findByRole('dialog')

describe('deleting a selection from a list', () => {
  beforeEach(() => storeSession())

  it('deletes the rows chosen by their boxes, after a question that counts and names them, and undoes it', async () => {
    const runtime = await openList()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select First02 Person 02' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select First05 Person 05' }))
    expect(screen.getByText('2 selected')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }))

    const question = await dialog()
    expect(within(question).getByText('Delete 2 contacts?')).toBeTruthy()
    expect(
      within(question).getByText(
        /You will not be able to recover these contacts! First02 Person 02 and First05 Person 05\./,
      ),
    ).toBeTruthy()
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, delete!' }))

    await waitFor(async () => expect(await runtime.db.contacts.count()).toBe(28))
    const queued = await runtime.db.outbox.toArray()
    expect(queued.map((op) => [op.kind, op.recordId]).sort()).toEqual([
      ['delete', '00000000-0000-4000-8000-000000000002'],
      ['delete', '00000000-0000-4000-8000-000000000005'],
    ])
    // The selection went with them; the notice offers 'Undo'.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete selected' })).toBeNull())
    await screen.findByText('Deleted!')
    expect(screen.getByText('2 contacts have been deleted.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
    await waitFor(async () => expect(await runtime.db.contacts.count()).toBe(30))
    expect(await runtime.db.outbox.count()).toBe(0)
    await screen.findByText('2 contacts are back.')
  })

  it('selects a page by its box, then every record the search matches, on every page', async () => {
    const runtime = await openList()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select this page' }))
    expect(screen.getByText('10 selected')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Select all 30 contacts' }))
    await waitFor(() => expect(screen.getByText('30 selected')).toBeTruthy())
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }))
    const question = await dialog()
    expect(within(question).getByText('Delete 30 contacts?')).toBeTruthy()
    expect(
      within(question).getByText(/First01 Person 01, First02 Person 02, First03 Person 03 and 27 more\./),
    ).toBeTruthy()
    fireEvent.click(within(question).getByRole('button', { name: 'No, keep' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await runtime.db.contacts.count()).toBe(30)
    expect(await runtime.db.outbox.count()).toBe(0)
  })

  it('starts afresh with a new search, whose matches are all it selects', async () => {
    const runtime = await openList()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select First01 Person 01' }))
    fireEvent.change(screen.getByPlaceholderText('Search records'), { target: { value: 'person1' } })
    await waitFor(() =>
      expect(screen.queryByRole('checkbox', { name: 'Select First01 Person 01' })).toBeNull(),
    )
    expect(screen.queryByText(/ selected$/)).toBeNull()
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select First10 Person 10' }))
    fireEvent.click(screen.getByRole('button', { name: 'Select all 10 contacts' }))
    await waitFor(() => expect(screen.getByText('10 selected')).toBeTruthy())
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }))
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Yes, delete!' }))
    await waitFor(async () => expect(await runtime.db.contacts.count()).toBe(20))
    const left = (await runtime.db.contacts.toArray()).map((row) => row.firstName)
    expect(left.some((name) => /^First1\d$/.test(String(name)))).toBe(false)
    expect(left).toContain('First01')
  })
})
