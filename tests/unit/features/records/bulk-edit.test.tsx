/**
 * One field set for a list's selection (bulk-edit.tsx): 'Edit selected' asks for a field and a value,
 * writes every selected record on the device at once, each queued as an edit, and 'Undo' puts each back.
 * A value the field refuses keeps the question open, the value typed still in it.
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

const select = (...names: string[]) => {
  for (const name of names) fireEvent.click(screen.getByRole('checkbox', { name: `Select ${name}` }))
}

describe('editing a selection from a list', () => {
  beforeEach(() => storeSession())

  it("sets one department for the rows chosen, queues each as an edit, and 'Undo' puts each back", async () => {
    const runtime = await openList()
    const before = await runtime.db.contacts.get('00000000-0000-4000-8000-000000000002')
    select('First02 Person 02', 'First05 Person 05')
    fireEvent.click(screen.getByRole('button', { name: 'Edit selected' }))

    const question = await screen.findByRole('dialog')
    expect(within(question).getByText('Edit 2 contacts')).toBeTruthy()
    fireEvent.change(within(question).getByLabelText('Field'), { target: { value: 'department' } })
    fireEvent.change(within(question).getByLabelText('Department'), { target: { value: 'Logistics' } })
    fireEvent.click(within(question).getByRole('button', { name: 'Set for 2 contacts' }))
    // While the records are written the button says so and takes no second press.
    expect((within(question).getByRole('button', { name: 'Saving…' }) as HTMLButtonElement).disabled).toBe(
      true,
    )

    await screen.findByText('2 contacts have been updated successfully.')
    const rows = await runtime.db.contacts.bulkGet([
      '00000000-0000-4000-8000-000000000002',
      '00000000-0000-4000-8000-000000000005',
    ])
    expect(rows.map((row) => row?.department)).toEqual(['Logistics', 'Logistics'])
    const queued = await runtime.db.outbox.toArray()
    expect(queued.map((op) => [op.kind, op.recordId, op.patch]).sort()).toEqual([
      ['update', '00000000-0000-4000-8000-000000000002', { department: 'Logistics' }],
      ['update', '00000000-0000-4000-8000-000000000005', { department: 'Logistics' }],
    ])
    // The selection stays, to act on again.
    expect(screen.getByText('2 selected')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
    await screen.findByText('2 contacts are as before.')
    expect((await runtime.db.contacts.get('00000000-0000-4000-8000-000000000002'))?.department).toBe(
      before?.department,
    )
  })

  it('keeps the question open with the message and the value typed when the field refuses it', async () => {
    const runtime = await openList()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select this page' }))
    fireEvent.click(screen.getByRole('button', { name: 'Edit selected' }))
    const question = await screen.findByRole('dialog')
    fireEvent.change(within(question).getByLabelText('Field'), { target: { value: 'title' } })
    const long = 'Head of '.repeat(20)
    fireEvent.change(within(question).getByLabelText('Title'), { target: { value: long } })
    fireEvent.click(within(question).getByRole('button', { name: 'Set for 10 contacts' }))

    await within(question).findByText('Must be at most 100 characters.')
    expect((within(question).getByLabelText('Title') as HTMLInputElement).value).toBe(long)
    expect(await runtime.db.outbox.count()).toBe(0)
    // Put right, it is saved for all ten.
    fireEvent.change(within(question).getByLabelText('Title'), { target: { value: 'Head of Sales' } })
    fireEvent.click(within(question).getByRole('button', { name: 'Set for 10 contacts' }))
    await screen.findByText('10 contacts have been updated successfully.')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const titles = (await runtime.db.contacts.toArray()).filter((row) => row.title === 'Head of Sales')
    expect(titles).toHaveLength(10)
  })

  it('offers no edit where the entity has no field to set for many', async () => {
    const runtime = makeRuntime()
    await runtime.db.companies.add({
      id: '10000000-0000-4000-8000-000000000001',
      companyName: 'Acme',
      version: 1,
    } as never)
    renderApp('/companies/list', { runtime })
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Acme' }))
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Edit selected' })).toBeNull()
  })
})
