/**
 * A contact's LinkedIn profile, on the device: added by its definition alone (docs/entities.md,
 * "Add a field"), it is a field of the contact's forms, checked as a web address, a line of the info
 * card with a button that opens it, and a link in the contacts list.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { makeRuntime, renderApp, seedContacts, storeSession } from '../../helpers'

const ID = '00000000-0000-4000-8000-000000000001'
const PROFILE = 'https://www.linkedin.com/in/first-person'

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe("a contact's LinkedIn profile", () => {
  beforeEach(() => storeSession())

  async function openEdit() {
    const runtime = makeRuntime()
    await seedContacts(runtime.db, 2)
    renderApp(`/contacts/edit/${ID}`, { runtime })
    await screen.findByRole('button', { name: 'Update Contact' })
    return runtime
  }

  it('is typed in the edit form, saved, and opened from the info card', async () => {
    const runtime = await openEdit()
    type('LinkedIn', PROFILE)
    fireEvent.click(screen.getByRole('button', { name: 'Update Contact' }))
    await screen.findByText('Saved - This contact has been updated successfully.')
    expect((await runtime.db.outbox.toArray())[0]).toMatchObject({ patch: { linkedIn: PROFILE } })
    const open = await screen.findByRole('link', { name: "Open First01 Person 01's LinkedIn profile" })
    expect(open.getAttribute('href')).toBe(PROFILE)
    expect(open.getAttribute('target')).toBe('_blank')
  })

  it('refuses what is not a web address, in the field, keeping what was typed and saving nothing', async () => {
    const runtime = await openEdit()
    type('LinkedIn', 'javascript:alert(1)')
    fireEvent.click(screen.getByRole('button', { name: 'Update Contact' }))
    await screen.findByText('Must be a web address (http or https).')
    expect((screen.getByLabelText('LinkedIn') as HTMLInputElement).value).toBe('javascript:alert(1)')
    expect(await runtime.db.outbox.count()).toBe(0)
  })

  it('is a link in the contacts list', async () => {
    const runtime = makeRuntime()
    await seedContacts(runtime.db, 2)
    await runtime.db.contacts.update(ID, { linkedIn: PROFILE })
    renderApp('/contacts/list', { runtime })
    const table = await screen.findByRole('table')
    expect(within(table).getByRole('columnheader', { name: 'LinkedIn' })).toBeTruthy()
    await waitFor(() =>
      // Shown without the scheme and 'www.', which every profile shares.
      expect(
        within(table).getByRole('link', { name: 'linkedin.com/in/first-person' }).getAttribute('href'),
      ).toBe(PROFILE),
    )
  })
})
