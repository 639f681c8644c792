/**
 * 'Add New Company' in the contact form belongs to the contact (src/features/records/relation-field.tsx,
 * src/sync/mutators.ts): the company is made with the contact's save, in the same write and queued
 * before it, and nothing is made for a contact abandoned.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { currentPath, makeRuntime, renderApp, seedContacts, storeSession } from '../../helpers'

const ID = '00000000-0000-4000-8000-000000000001'

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

async function pickNewCompany(name: string) {
  const picker = screen.getByRole('combobox', { name: 'Company' })
  fireEvent.change(picker, { target: { value: name } })
  fireEvent.click(await screen.findByRole('option', { name: 'Add New Company' }))
  await waitFor(() => expect((picker as HTMLInputElement).value).toBe(name))
  expect(screen.getByText('New company: it is made when you save.')).toBeTruthy()
}

describe("'Add New Company' in the contact form", () => {
  beforeEach(() => storeSession())

  it('makes nothing until the contact is saved, and nothing at all for a contact abandoned', async () => {
    const runtime = makeRuntime()
    const { router } = renderApp('/contacts/add', { runtime })
    await screen.findByRole('button', { name: 'Save Contact' })
    type('First Name', 'Ines')
    await pickNewCompany('Orphan Industries')
    expect(await runtime.db.companies.count()).toBe(0)
    expect(await runtime.db.outbox.count()).toBe(0)

    fireEvent.click(screen.getByRole('link', { name: 'Back to the list' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Discard and leave' }))
    await waitFor(() => expect(currentPath(router)).toBe('/contacts/list'))
    expect(await runtime.db.companies.count()).toBe(0)
    expect(await runtime.db.outbox.count()).toBe(0)
  })

  it('makes the company with the contact, queued first, and the contact points at it', async () => {
    const runtime = makeRuntime()
    const { router } = renderApp('/contacts/add', { runtime })
    await screen.findByRole('button', { name: 'Save Contact' })
    type('First Name', 'Ines')
    type('Last Name', 'Moreau')
    await pickNewCompany('Harbour Works')
    fireEvent.click(screen.getByRole('button', { name: 'Save Contact' }))
    await waitFor(() => expect(currentPath(router)).toMatch(/^\/contacts\/edit\//))

    const [company] = await runtime.db.companies.toArray()
    expect(company).toMatchObject({ companyName: 'Harbour Works' })
    const contactId = currentPath(router).split('/').pop()
    expect(await runtime.db.contacts.get(contactId as string)).toMatchObject({
      company: { relationTo: 'companies', value: company?.id },
    })
    const ops = await runtime.db.outbox.orderBy('seq').toArray()
    expect(ops.map((op) => [op.collection, op.kind])).toEqual([
      ['companies', 'create'],
      ['contacts', 'create'],
    ])
    // The relation is stored and sent bare: what to make travels in its own create.
    expect(ops[1]?.patch.company).toEqual({ relationTo: 'companies', value: company?.id })
  })

  it('refuses a nameless company at once, in the field, and makes nothing', async () => {
    const runtime = makeRuntime()
    renderApp('/contacts/add', { runtime })
    await screen.findByRole('button', { name: 'Save Contact' })
    const picker = screen.getByRole('combobox', { name: 'Company' })
    fireEvent.change(picker, { target: { value: '   ' } })
    fireEvent.click(await screen.findByRole('option', { name: 'Add New Company' }))
    expect(await screen.findByText('This field is required.')).toBeTruthy()
    expect(await runtime.db.companies.count()).toBe(0)
  })

  it('on an edit screen too: the company is made with the update', async () => {
    const runtime = makeRuntime()
    await seedContacts(runtime.db, 1)
    renderApp(`/contacts/edit/${ID}`, { runtime })
    await screen.findByRole('button', { name: 'Update Contact' })
    await pickNewCompany('Quayside Cranes')
    expect(await runtime.db.companies.count()).toBe(0)
    fireEvent.click(screen.getByRole('button', { name: 'Update Contact' }))
    await screen.findByText('Saved - This contact has been updated successfully.')
    const [company] = await runtime.db.companies.toArray()
    expect(company).toMatchObject({ companyName: 'Quayside Cranes' })
    expect((await runtime.db.contacts.get(ID))?.company).toEqual({
      relationTo: 'companies',
      value: company?.id,
    })
  })
})
