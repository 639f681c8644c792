import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeTransport, makeRuntime, renderApp, seedContacts, storeSession, testUser } from '../../helpers'
import { CONTACT_ID, errorBody, queueOp } from '../../outbox-fixtures'

const fieldValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value

/** The user's new email, refused by the server; the server still has the seeded (empty) email. */
async function openRefused(transport = fakeTransport()) {
  const runtime = makeRuntime(testUser, transport)
  await seedContacts(runtime.db, 1)
  await runtime.db.contacts.update(CONTACT_ID, { email: 'taken@example.com' })
  const message = 'A contact with this email already exists.'
  const seq = await queueOp(runtime.db, {
    kind: 'update',
    status: 'failed',
    patch: { email: 'taken@example.com' },
    base: { email: '' },
    lastError: {
      status: 400,
      message: `Error while saving - ${message} (email)`,
      body: errorBody('email', message),
    },
  })
  const original = await runtime.db.outbox.get(seq)
  renderApp(`/contacts/edit/${CONTACT_ID}`, { runtime })
  const banner = await screen.findByRole('alert')
  return { runtime, seq, banner, original }
}

describe('a change the server refused', () => {
  beforeEach(() => storeSession())

  it('says what to do, with the refused field marked under the form', async () => {
    const { banner } = await openRefused()
    expect(banner.textContent).toContain(
      'Error while saving - A contact with this email already exists. (email)',
    )
    expect(banner.textContent).toContain('Correct the fields and save again, or discard your change.')
    expect(screen.getByText('A contact with this email already exists.')).toBeTruthy()
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
  })

  it('tries again: the change is queued afresh under a new id', async () => {
    const { runtime, seq, banner, original } = await openRefused()
    fireEvent.click(within(banner).getByRole('button', { name: 'Try again' }))

    await screen.findByText('Your change will be sent again.')
    const op = await runtime.db.outbox.get(seq)
    expect(op).toMatchObject({ status: 'pending', attempts: 0, patch: { email: 'taken@example.com' } })
    expect(op?.lastError).toBeUndefined()
    expect(op?.opId).not.toBe(original?.opId)
    expect(runtime.afterWrite).toHaveBeenCalled()
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
  })

  it('asks before discarding, and keeps the change when told to', async () => {
    const { runtime, banner } = await openRefused()
    fireEvent.click(within(banner).getByRole('button', { name: 'Discard my change' }))
    const dialog = await screen.findByRole('dialog', { name: 'Discard your change?' })
    expect(within(dialog).getByText("The server's version will be shown again.")).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await runtime.db.outbox.count()).toBe(1)
    expect(fieldValue('Email')).toBe('taken@example.com')
  })

  it("discards: the change leaves the queue and the server's version shows again", async () => {
    const serverDoc = { id: CONTACT_ID, version: 3, firstName: 'First01', lastName: 'Person 01', email: '' }
    const transport = fakeTransport((path) =>
      path === `contacts/${CONTACT_ID}`
        ? { status: 200, headers: {}, body: { ...serverDoc, title: 'Planner' } }
        : { status: 404, headers: {}, body: {} },
    )
    const { runtime, banner } = await openRefused(transport)
    fireEvent.click(within(banner).getByRole('button', { name: 'Discard my change' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }))

    await screen.findByText('Change discarded')
    expect(transport).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'GET', path: `contacts/${CONTACT_ID}` }),
    )
    expect(await runtime.db.outbox.count()).toBe(0)
    expect(await runtime.db.contacts.get(CONTACT_ID)).toMatchObject({ version: 3, email: '' })
    await waitFor(() => expect(fieldValue('Email')).toBe(''))
    // The field follows the record; the banner and the status line follow the record's queue, a separate
    // live query that may answer later.
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    await screen.findByText('All changes synced')
  })
})
