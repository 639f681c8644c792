import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Company } from '../../../../src/domain/company'
import { makeRuntime, renderApp, seedContacts, storeSession } from '../../helpers'

const CONTACT = '00000000-0000-4000-8000-000000000001'
const COMPANY = '00000000-0000-4000-9000-000000000001'
const stamp = new Date(2024, 0, 1).toISOString()

const company: Company = {
  id: COMPANY,
  companyName: 'Analytical Engines Ltd',
  address: '12 Dorset Street\nLondon',
  website: 'engines.example',
  email: 'hello@engines.example',
  mainPhone: '+44 20 7946 0000',
  version: 1,
  createdAt: stamp,
  updatedAt: stamp,
}

/** The card's lines as label: value, and each button's name → where it goes. */
async function card(name: string) {
  const aside = await screen.findByRole('complementary', { name })
  const lines = Array.from(aside.querySelectorAll('dl > div')).map(
    (line) => `${line.querySelector('dt')?.textContent}: ${line.querySelector('dd')?.textContent}`,
  )
  const buttons = Object.fromEntries(
    within(aside)
      .queryAllByRole('link')
      .map((link) => [link.getAttribute('aria-label') ?? link.textContent, link.getAttribute('href')]),
  )
  return { lines, buttons }
}

describe('the card beside an edit form, from the fields its entity gives a line', () => {
  beforeEach(() => storeSession())

  it("shows a company's phone, email and website, each with its button", async () => {
    const runtime = makeRuntime()
    await runtime.db.companies.add(company)
    renderApp(`/companies/edit/${COMPANY}`, { runtime })
    const { lines, buttons } = await card('Company info')
    expect(lines).toEqual([
      'Phone: +44 20 7946 0000',
      'Email: hello@engines.example',
      'Website: engines.example',
    ])
    expect(buttons).toEqual({
      'Call Analytical Engines Ltd': 'tel:+44 20 7946 0000',
      'Email Analytical Engines Ltd': 'mailto:hello@engines.example',
      "Open Analytical Engines Ltd's website": 'https://engines.example',
    })
  })

  it("shows a contact's empty lines as None, without buttons, and its company as a link to it", async () => {
    const runtime = makeRuntime()
    await seedContacts(runtime.db, 1)
    await runtime.db.companies.add(company)
    await runtime.db.contacts.update(CONTACT, { company: { relationTo: 'companies', value: COMPANY } })
    renderApp(`/contacts/edit/${CONTACT}`, { runtime })
    await waitFor(async () =>
      expect((await card('Contact info')).lines).toEqual([
        'Email: None',
        'Phone: +44 20 7946 0001',
        'Mobile: None',
        'LinkedIn: None',
        'Company: Analytical Engines Ltd',
      ]),
    )
    expect((await card('Contact info')).buttons).toEqual({
      'Call First01 Person 01': 'tel:+44 20 7946 0001',
      'Analytical Engines Ltd': `/companies/edit/${COMPANY}`,
    })
  })

  it('names a company that is gone as unknown', async () => {
    const runtime = makeRuntime()
    await seedContacts(runtime.db, 1)
    await runtime.db.contacts.update(CONTACT, { company: { relationTo: 'companies', value: COMPANY } })
    renderApp(`/contacts/edit/${CONTACT}`, { runtime })
    await waitFor(async () =>
      expect((await card('Contact info')).lines).toContain('Company: Unknown company'),
    )
  })
})
