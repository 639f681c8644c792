import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { makeRuntime, renderApp, seedContacts, storeSession } from '../../helpers'

async function openList() {
  const runtime = makeRuntime()
  await seedContacts(runtime.db, 3)
  renderApp('/contacts/list', { runtime })
  await screen.findByText('First02')
  return runtime
}

describe('deleting a contact', () => {
  beforeEach(() => storeSession())

  it('asks first, then deletes locally, queues the delete and says so', async () => {
    const runtime = await openList()
    fireEvent.click(screen.getByRole('button', { name: 'Delete First02 Person 02' }))

    const dialog = await screen.findByRole('dialog', { name: 'Delete First02 Person 02?' })
    expect(within(dialog).getByText('You will not be able to recover this contact!')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete!' }))

    await screen.findByText('Deleted!')
    expect(screen.getByText('First02 Person 02 has been deleted.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('First02')).toBeNull())
    expect(await runtime.db.contacts.get('00000000-0000-4000-8000-000000000002')).toBeUndefined()
    expect(await runtime.db.outbox.toArray()).toMatchObject([
      { kind: 'delete', recordId: '00000000-0000-4000-8000-000000000002' },
    ])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('keeps the contact when the user says no', async () => {
    const runtime = await openList()
    fireEvent.click(screen.getByRole('button', { name: 'Delete First02 Person 02' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'No, keep' }))

    await screen.findByText('Cancelled')
    expect(screen.getByText('First02 Person 02 is safe :)')).toBeTruthy()
    expect(screen.getByText('First02')).toBeTruthy()
    expect(await runtime.db.contacts.count()).toBe(3)
    expect(await runtime.db.outbox.count()).toBe(0)
  })
})
