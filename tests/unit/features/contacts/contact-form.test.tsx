import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { currentPath, makeRuntime, renderApp, seedContacts, storeSession } from '../../helpers'

const ID = '00000000-0000-4000-8000-000000000001'
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const fieldValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value

describe('add contact', () => {
  beforeEach(() => storeSession())

  it('saves a row and its outbox op locally, then opens the edit screen', async () => {
    const runtime = makeRuntime()
    const { router } = renderApp('/contacts/add', { runtime })
    await screen.findByRole('heading', { name: 'Add a Contact' })
    type('First Name', 'Grace')
    type('Last Name', 'Hopper')
    type('Title', 'Rear Admiral')
    fireEvent.change(screen.getByLabelText('Department'), { target: { value: 'Engineering' } })
    type('Email', 'grace@example.com')
    type('Phone', '+1 555 0100')
    type('Mobile', '+1 555 0101')
    fireEvent.click(screen.getByRole('button', { name: 'Save Contact' }))

    await waitFor(() => expect(currentPath(router)).toMatch(/^\/contacts\/edit\/[0-9a-f-]{36}$/))
    const id = currentPath(router).split('/').at(-1) as string
    const row = await runtime.db.contacts.get(id)
    expect(row).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      department: 'Engineering',
      company: null,
    })
    const ops = await runtime.db.outbox.toArray()
    expect(ops).toHaveLength(1)
    expect(ops[0]).toMatchObject({ kind: 'create', recordId: id, status: 'pending', userId: 'u1' })

    await screen.findByRole('button', { name: 'Update Contact' })
    expect(fieldValue('Title')).toBe('Rear Admiral')
    // The form waits for the record; the status line follows the record's queue, a live query of its own.
    await screen.findByText('Changes not synced yet')
  })

  it('shows the field message and keeps everything typed when the save is refused', async () => {
    const runtime = makeRuntime()
    const { router } = renderApp('/contacts/add', { runtime })
    await screen.findByRole('heading', { name: 'Add a Contact' })
    type('Last Name', 'Nameless')
    type('Email', 'not-an-email')
    fireEvent.click(screen.getByRole('button', { name: 'Save Contact' }))

    await screen.findByText('This field is required.')
    expect(screen.getByText('Must be a valid email address.')).toBeTruthy()
    expect(screen.getByLabelText('First Name').getAttribute('aria-invalid')).toBe('true')
    // Focus moves in an effect after the messages render.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First Name')))
    expect(fieldValue('Last Name')).toBe('Nameless')
    expect(fieldValue('Email')).toBe('not-an-email')
    expect(currentPath(router)).toBe('/contacts/add')
    expect(await runtime.db.outbox.count()).toBe(0)
  })
})

describe('edit contact', () => {
  beforeEach(() => storeSession())

  async function openEdit() {
    const runtime = makeRuntime()
    await seedContacts(runtime.db, 2)
    const view = renderApp(`/contacts/edit/${ID}`, { runtime })
    await screen.findByRole('button', { name: 'Update Contact' })
    return { ...view, runtime }
  }

  it('updates only what changed, says so, and the info card follows', async () => {
    const { runtime } = await openEdit()
    expect(screen.getByText('All changes synced')).toBeTruthy()
    expect(fieldValue('First Name')).toBe('First01')
    type('Mobile', '+44 7700 900123')
    fireEvent.click(screen.getByRole('button', { name: 'Update Contact' }))

    await screen.findByText('Saved - This contact has been updated successfully.')
    const [op] = await runtime.db.outbox.toArray()
    expect(op).toMatchObject({ kind: 'update', patch: { mobile: '+44 7700 900123' }, base: { mobile: '' } })
    // The toast follows the write; the info card (the record) and the status line (its queue) follow their
    // own live queries, which answer later and in either order.
    const call = await screen.findByRole('link', { name: "Call First01 Person 01's mobile" })
    expect(call.getAttribute('href')).toBe('tel:+44 7700 900123')
    await screen.findByText('Changes not synced yet')
  })

  it("lets a change pulled from the server show in fields the user did not touch, never over the user's", async () => {
    const { runtime } = await openEdit()
    type('Title', 'My title')
    await runtime.db.contacts.update(ID, { title: 'Server title', phone: '+1 000', version: 2 })
    await waitFor(() => expect(fieldValue('Phone')).toBe('+1 000'))
    expect(fieldValue('Title')).toBe('My title')
  })

  it("shows the server's refusal under its field and as a danger banner", async () => {
    const { runtime } = await openEdit()
    await runtime.db.outbox.add({
      opId: 'op-1',
      userId: 'u1',
      collection: 'contacts',
      recordId: ID,
      kind: 'update',
      patch: { email: 'taken@example.com' },
      base: { email: '' },
      baseVersion: 1,
      deps: [],
      status: 'failed',
      attempts: 1,
      nextAttemptAt: 0,
      createdAt: Date.now(),
      lastError: {
        status: 400,
        message: 'Bad Request',
        body: {
          errors: [
            {
              name: 'ValidationError',
              title: 'The following field is invalid: email',
              message: 'The following field is invalid: email',
              data: [{ field: 'email', message: 'A contact with this email already exists.' }],
            },
          ],
        },
      },
    })
    await screen.findByText('A contact with this email already exists.')
    expect(screen.getByRole('alert').textContent).toContain(
      'Error while saving - A contact with this email already exists. (email)',
    )
    expect(screen.getByText('Changes not saved on the server')).toBeTruthy()
  })

  it('says clearly when the contact no longer exists', async () => {
    storeSession()
    renderApp('/contacts/edit/00000000-0000-4000-8000-0000000000ff')
    await screen.findByText('This contact no longer exists.')
    expect(screen.getByRole('link', { name: 'Back to the list' }).getAttribute('href')).toBe('/contacts/list')
  })
})
