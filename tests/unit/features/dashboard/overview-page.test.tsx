import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { at, seedDashboard } from '../../dashboard-seed'
import { makeRuntime, renderApp, storeSession } from '../../helpers'

const card = (title: string) =>
  screen.getByRole('heading', { level: 3, name: title }).closest('section') as HTMLElement

const tile = (label: string) => screen.getByRole('link', { name: new RegExp(`^${label}: `) })

describe('overview', { timeout: 15_000 }, () => {
  beforeEach(() => storeSession())

  it('shows the counts, departments, top companies and latest records of the mirror', async () => {
    const runtime = makeRuntime()
    const { acme, contacts } = await seedDashboard(runtime.db)
    // One contact edited after it was added.
    await runtime.db.contacts.update(contacts[2]?.id as string, {
      firstName: 'Edna',
      lastName: 'Edited',
      updatedAt: at(2026, 2, 1),
    })
    renderApp('/admin/overview', { runtime })
    await screen.findByRole('heading', { level: 2, name: /^Good (morning|afternoon|evening), Ada$/ })

    await waitFor(() => expect(tile('Contacts').textContent).toContain('13'))
    expect(tile('Contacts').getAttribute('href')).toBe('/contacts/list')
    expect(tile('Companies').textContent).toContain('5')
    expect(tile('Industries').textContent).toContain('3')
    expect(tile('Services').textContent).toContain('1')
    expect(tile('Products').textContent).toContain('2')
    expect(tile('Products').getAttribute('href')).toBe('/products/list')

    const departments = card('Contacts by department')
    await waitFor(() => expect(within(departments).getAllByRole('listitem')).toHaveLength(4))
    expect(
      within(departments)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Sales7', 'IT3', 'Engineering2', 'No department1'])

    const companies = card('Companies with the most contacts')
    const ranked = within(companies).getAllByRole('listitem')
    expect(ranked.map((item) => item.textContent)).toEqual([
      '1Acme4 contacts',
      '2Globex4 contacts',
      '3Initech2 contacts',
      '4Umbrella1 contact',
    ])
    expect(within(companies).getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe(
      `/companies/edit/${acme.id}`,
    )

    const edited = card('Recently edited')
    expect(within(edited).getAllByRole('listitem')).toHaveLength(1)
    expect(within(edited).getByRole('link', { name: 'Edna Edited' }).getAttribute('href')).toBe(
      `/contacts/edit/${contacts[2]?.id}`,
    )
    expect(within(card('Recently added')).getAllByRole('listitem')).toHaveLength(6)
    // The sync card is still there, with nothing waiting.
    expect(within(card('Sync')).getByText('Waiting to be sent')).toBeTruthy()
  })

  it('follows a record added and one edited, with the change waiting to sync', async () => {
    const runtime = makeRuntime()
    await seedDashboard(runtime.db)
    renderApp('/admin/overview', { runtime })
    await waitFor(() => expect(tile('Contacts').textContent).toContain('13'))
    const waiting = screen.getByText('Not synced').closest('li') as HTMLElement
    await waitFor(() => expect(waiting.textContent).toContain('0all sent'))

    const added = await runtime.mutate.add('contacts', {
      firstName: 'Newt',
      lastName: 'Comer',
      department: 'IT',
    })
    if (!added.ok) throw new Error('not added')
    await waitFor(() => expect(tile('Contacts').textContent).toContain('14'))
    await waitFor(() => expect(waiting.textContent).toContain('1waiting'))
    const departments = card('Contacts by department')
    await waitFor(() => expect(within(departments).getByText('IT').parentElement?.textContent).toBe('IT4'))
    const recent = card('Recently added')
    expect(within(recent).getAllByRole('link')[0]?.textContent).toBe('Newt Comer')

    await runtime.mutate.save('contacts', added.id, { department: 'Sales' })
    await waitFor(() =>
      expect(within(departments).getByText('Sales').parentElement?.textContent).toBe('Sales8'),
    )
    expect(within(departments).getByText('IT').parentElement?.textContent).toBe('IT3')
  })

  it('says so on a device with nothing on it yet', async () => {
    renderApp('/admin/overview', { runtime: makeRuntime() })
    await waitFor(() => expect(tile('Contacts').textContent).toContain('0'))
    await screen.findByText('No contacts yet.')
    expect(screen.getByText('No contact belongs to a company yet.')).toBeTruthy()
    expect(screen.getByText('Nothing added yet.')).toBeTruthy()
    expect(screen.getByText('Nothing edited yet.')).toBeTruthy()
  })
})
