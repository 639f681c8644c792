/**
 * A company's page lists its contacts (src/features/companies/company-contacts-card.tsx): each a link
 * to its edit screen, in the contacts list's order, found in the contacts' list index (packed rows of
 * a first sync included) and following every change; 'Add Contact' opens the add form with the
 * company already chosen (src/features/records/carried-values.ts).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { writePacks } from '../../../../src/db/packs'
import type { MirrorRow } from '../../../../src/db/tables'
import { type Company, companyFields } from '../../../../src/domain/company'
import { type Contact, contactFields } from '../../../../src/domain/contact'
import { emptyValues } from '../../../../src/domain/fields'
import { currentPath, makeRuntime, renderApp, storeSession, type TestRuntime } from '../../helpers'

const ACME = 'c0000000-0000-4000-8000-000000000001'
const OTHER = 'c0000000-0000-4000-8000-000000000002'
const stamp = new Date(2024, 0, 1).toISOString()
const at = (company: string) => ({ relationTo: 'companies', value: company })

function company(id: string, companyName: string) {
  return { ...emptyValues(companyFields), id, companyName, version: 1, createdAt: stamp, updatedAt: stamp }
}

function contact(n: number, firstName: string, lastName: string, fields: Partial<Contact> = {}) {
  return {
    ...emptyValues(contactFields),
    id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
    firstName,
    lastName,
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
    ...fields,
  } as Contact
}

async function seed(runtime: TestRuntime) {
  await runtime.db.companies.bulkAdd([company(ACME, 'Acme'), company(OTHER, 'Globex')] as Company[])
  // Ids in another order than the last names: the card must sort as the contacts list does.
  await runtime.db.contacts.bulkAdd([
    contact(1, 'Alan', 'Turing', { company: at(ACME), title: 'Cryptanalyst', email: 'alan@acme.test' }),
    contact(2, 'Grace', 'hopper', { company: at(ACME), email: 'grace@acme.test' }),
    contact(3, 'Ada', 'Lovelace', { company: at(OTHER) }),
    contact(4, 'Edsger', 'Dijkstra'),
  ] as never)
}

const card = () => screen.findByRole('region', { name: 'Contacts' })
const names = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('link')
    .filter((link) => link.getAttribute('href')?.startsWith('/contacts/edit/'))
    .map((link) => link.textContent)

describe("a company's page", () => {
  beforeEach(() => storeSession())

  it('lists its contacts as links to them, by last name, with their title and email', async () => {
    const runtime = makeRuntime()
    await seed(runtime)
    renderApp(`/companies/edit/${ACME}`, { runtime })
    const region = await card()
    await waitFor(() => expect(names(region)).toEqual(['Grace hopper', 'Alan Turing']))
    expect(within(region).getByRole('link', { name: 'Alan Turing' }).getAttribute('href')).toBe(
      '/contacts/edit/00000000-0000-4000-8000-000000000001',
    )
    expect(within(region).getByText('Cryptanalyst · alan@acme.test')).toBeTruthy()
    expect(within(region).getByText('grace@acme.test')).toBeTruthy()
  })

  it('says so when the company has none', async () => {
    const runtime = makeRuntime()
    await runtime.db.companies.add(company(ACME, 'Acme') as Company)
    renderApp(`/companies/edit/${ACME}`, { runtime })
    expect(await within(await card()).findByText('No contacts at this company yet.')).toBeTruthy()
  })

  it('lists a contact a first sync left in a pack, not yet in the table', async () => {
    const runtime = makeRuntime()
    await seed(runtime)
    const packed = contact(5, 'Barbara', 'Liskov', { company: at(ACME) }) as unknown as MirrorRow
    await runtime.db.transaction('rw', [runtime.db.contacts, runtime.db.packs], () =>
      writePacks(runtime.db, 'contacts', [packed]),
    )
    expect(await runtime.db.contacts.where(':id').equals(packed.id).count()).toBe(0)
    renderApp(`/companies/edit/${ACME}`, { runtime })
    const region = await card()
    await waitFor(() => expect(names(region)).toEqual(['Grace hopper', 'Barbara Liskov', 'Alan Turing']))
  })

  it('follows contacts added, moved and deleted elsewhere while it is open', async () => {
    const runtime = makeRuntime()
    await seed(runtime)
    renderApp(`/companies/edit/${ACME}`, { runtime })
    const region = await card()
    await waitFor(() => expect(names(region)).toEqual(['Grace hopper', 'Alan Turing']))

    const added = await runtime.mutate.add('contacts', {
      firstName: 'Katherine',
      lastName: 'Johnson',
      company: at(ACME),
    })
    expect(added.ok).toBe(true)
    await waitFor(() => expect(names(region)).toEqual(['Grace hopper', 'Katherine Johnson', 'Alan Turing']))

    await runtime.mutate.save('contacts', '00000000-0000-4000-8000-000000000003', { company: at(ACME) })
    await runtime.db.contacts.delete('00000000-0000-4000-8000-000000000001')
    await waitFor(() => expect(names(region)).toEqual(['Grace hopper', 'Katherine Johnson', 'Ada Lovelace']))
  })

  it("opens 'Add Contact' with the company chosen, and the contact saved there is the company's", async () => {
    const runtime = makeRuntime()
    await seed(runtime)
    const { router } = renderApp(`/companies/edit/${ACME}`, { runtime })
    fireEvent.click(within(await card()).getByRole('link', { name: 'Add Contact' }))
    await waitFor(() => expect(currentPath(router)).toBe('/contacts/add'))
    await screen.findByRole('button', { name: 'Save Contact' })
    const picker = screen.getByRole('combobox', { name: 'Company' }) as HTMLInputElement
    await waitFor(() => expect(picker.value).toBe('Acme'))
    // Carried like typing: kept as a draft, so leaving asks first.
    await waitFor(async () =>
      expect((await runtime.db.drafts.get('contacts:new'))?.edits).toEqual({ company: at(ACME) }),
    )

    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Margaret' } })
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: 'Hamilton' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save Contact' }))
    await waitFor(() => expect(currentPath(router)).toMatch(/^\/contacts\/edit\//))
    const id = currentPath(router).split('/').pop() as string
    expect(await runtime.db.contacts.get(id)).toMatchObject({ firstName: 'Margaret', company: at(ACME) })
    expect(await runtime.db.drafts.count()).toBe(0)

    // Her info card links to the company, whose page now lists her.
    fireEvent.click(await screen.findByRole('link', { name: 'Acme' }))
    const region = await card()
    await waitFor(() => expect(names(region)).toEqual(['Margaret Hamilton', 'Grace hopper', 'Alan Turing']))
  })
})
