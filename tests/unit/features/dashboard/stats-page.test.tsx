import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { catalogItem, contact, seedDashboard } from '../../dashboard-seed'
import { makeRuntime, renderApp, storeSession } from '../../helpers'

/** A table's body rows as their cells' texts. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))

describe('stats', { timeout: 15_000 }, () => {
  beforeEach(() => storeSession())

  it('has a table behind every chart, reachable by screen readers, with the mirror’s figures', async () => {
    const runtime = makeRuntime()
    await seedDashboard(runtime.db)
    // The seed's records are older than twelve weeks; two are from this week.
    const now = new Date().toISOString()
    await runtime.db.contacts.add(contact({ createdAt: now, department: 'Sales' }))
    await runtime.db.products.add(
      catalogItem('Washer', { createdAt: now, updatedAt: now, productImage: null }),
    )
    renderApp('/admin/stats', { runtime })
    await screen.findByRole('heading', { level: 2, name: 'Stats' })

    const departments = await screen.findByRole('table', { name: 'Contacts per department' })
    expect(rowsOf(departments).slice(0, 4)).toEqual([
      ['Sales', '8'],
      ['IT', '3'],
      ['Engineering', '2'],
      ['No department', '1'],
    ])
    expect(rowsOf(departments)).toHaveLength(9)

    const companies = screen.getByRole('table', { name: 'The ten companies with the most contacts' })
    expect(rowsOf(companies)).toEqual([
      ['Acme', '4'],
      ['Globex', '4'],
      ['Initech', '2'],
      ['Umbrella', '1'],
    ])
    expect(screen.getByText('3 contacts have no company.')).toBeTruthy()

    const images = screen.getByRole('table', {
      name: 'Industries, services and products with and without an image',
    })
    expect(rowsOf(images)).toEqual([
      ['Industries', '2', '1'],
      ['Services', '0', '1'],
      ['Products', '1', '2'],
    ])

    const weeks = screen.getByRole('table', { name: 'Records added per week, over the last twelve weeks' })
    expect(
      within(weeks)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Week of', 'Contacts', 'Companies', 'Industries', 'Services', 'Products', 'Total'])
    const perWeek = rowsOf(weeks)
    expect(perWeek).toHaveLength(12)
    expect(perWeek[11]?.slice(1)).toEqual(['1', '0', '0', '0', '1', '2'])
    expect(perWeek.slice(0, 11).every((row) => row.at(-1) === '0')).toBe(true)
  })

  it('puts a table on screen in place of its chart, and back', async () => {
    const runtime = makeRuntime()
    await seedDashboard(runtime.db)
    renderApp('/admin/stats', { runtime })
    const table = await screen.findByRole('table', { name: 'Contacts per department' })
    const section = table.closest('section') as HTMLElement
    expect(table.parentElement?.className).toBe('sr-only')
    const toggle = within(section).getByRole('button', { name: 'Show table' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)
    await waitFor(() => expect(table.parentElement?.className).not.toBe('sr-only'))
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(within(section).getByRole('button', { name: 'Show chart' }))
    await waitFor(() => expect(table.parentElement?.className).toBe('sr-only'))
  })

  it('follows a contact added to the mirror', async () => {
    const runtime = makeRuntime()
    const { contacts } = await seedDashboard(runtime.db)
    renderApp('/admin/stats', { runtime })
    const departments = await screen.findByRole('table', { name: 'Contacts per department' })
    await runtime.db.contacts.update(contacts[12]?.id as string, { department: 'Vendor' })
    await waitFor(() => expect(rowsOf(departments)[3]).toEqual(['Vendor', '1']))
  })

  it('says what each chart would show on a device with nothing on it', async () => {
    renderApp('/admin/stats', { runtime: makeRuntime() })
    await screen.findByText('Nothing was added in the last twelve weeks.')
    expect(screen.getByText('No contacts yet.')).toBeTruthy()
    expect(screen.getByText('No contact belongs to a company yet.')).toBeTruthy()
    expect(screen.getByText('No industries, services or products yet.')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })
})
