/**
 * Deleting a company says what it unlinks (src/features/records/unlinked-by.ts): the server leaves
 * its contacts without a company, so the question names them before anyone says yes.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Company } from '../../../../src/domain/company'
import { companyFields } from '../../../../src/domain/company'
import { emptyValues } from '../../../../src/domain/fields'
import { makeRuntime, renderApp, seedContacts, storeSession, type TestRuntime } from '../../helpers'

const ACME = 'c0000000-0000-4000-8000-000000000001'
const stamp = new Date(2024, 0, 1).toISOString()

async function companyWith(contacts: number, runtime: TestRuntime) {
  const acme = {
    ...emptyValues(companyFields),
    id: ACME,
    companyName: 'Acme',
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
  }
  await runtime.db.companies.add(acme as Company)
  await seedContacts(runtime.db, 8)
  const ids = (await runtime.db.contacts.orderBy('id').primaryKeys()).slice(0, contacts)
  for (const id of ids)
    await runtime.db.contacts.update(id, { company: { relationTo: 'companies', value: ACME } })
}

async function askToDeleteAcme(runtime: TestRuntime) {
  renderApp('/companies/list', { runtime })
  fireEvent.click(await screen.findByRole('button', { name: 'Delete Acme' }))
  return screen.findByRole('dialog', { name: 'Delete Acme?' })
}

describe('deleting a company', () => {
  beforeEach(() => storeSession())

  it('names the contacts it will leave without a company', async () => {
    const runtime = makeRuntime()
    await companyWith(3, runtime)
    const dialog = await askToDeleteAcme(runtime)
    await waitFor(() =>
      expect(dialog.textContent).toContain(
        'You will not be able to recover this company! Its 3 contacts will be left without a company: First01 Person 01, First02 Person 02 and First03 Person 03.',
      ),
    )
  })

  it('counts the rest when there are many', async () => {
    const many = makeRuntime()
    await companyWith(7, many)
    const dialog = await askToDeleteAcme(many)
    await waitFor(() =>
      expect(dialog.textContent).toContain(
        'Its 7 contacts will be left without a company: First01 Person 01, First02 Person 02, First03 Person 03, First04 Person 04, First05 Person 05 and 2 more.',
      ),
    )
  })

  it('says only the product’s words when nothing points at it', async () => {
    const runtime = makeRuntime()
    await companyWith(0, runtime)
    const dialog = await askToDeleteAcme(runtime)
    // Give the count its time, then look: nothing was added.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(within(dialog).getByText('You will not be able to recover this company!')).toBeTruthy()
  })
})
