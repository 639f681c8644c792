/**
 * Duplicates (features/records/use-duplicates.ts, src/db/duplicates.ts): adding or editing a record
 * like one already on the device shows the match before saving, from the list index, offline too;
 * a save waits for 'Save anyway'.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutpostDb } from '../../../../src/db/database'
import { mirrorIndex } from '../../../../src/db/mirror-index'
import { COLLECTION_NAMES, collections } from '../../../../src/domain/collections'
import { currentPath, makeRuntime, renderApp, seedContacts, storeSession } from '../../helpers'

const COMPANY = '00000000-0000-4000-8000-0000000000c1'
const SECOND = '00000000-0000-4000-8000-000000000002'

async function addContact(values: Record<string, string>) {
  const runtime = makeRuntime()
  await seedContacts(runtime.db, 3)
  await runtime.db.contacts.update(SECOND, { company: { relationTo: 'companies', value: COMPANY } })
  await runtime.db.companies.add({
    id: COMPANY,
    companyName: 'Orbit Works',
    website: 'https://www.orbit.example/',
    version: 1,
  } as never)
  renderApp('/contacts/add', { runtime })
  for (const [label, value] of Object.entries(values))
    fireEvent.change(await screen.findByLabelText(label), { target: { value } })
  return { runtime }
}

const notice = () => screen.findByText('This may be a contact you already have:')

describe("the fields' duplicate roles", () => {
  it('are in the texts the list index joins, so a match is found by one search', () => {
    for (const name of COLLECTION_NAMES) {
      for (const [field, definition] of Object.entries(collections[name].fields ?? {})) {
        const role = definition.duplicate
        if (!role || definition.relation) continue
        expect(definition.global, `${name}.${field}`).toBe(role.as === 'digits' ? 'phone' : 'text')
      }
    }
  })
})

describe('a record that may already exist', () => {
  beforeEach(() => storeSession())

  it('is shown before saving when the email matches, and the save waits for "Save anyway"', async () => {
    const { runtime } = await addContact({ 'First Name': 'Grace', Email: '  PERSON02@example.com ' })
    const box = (await notice()).parentElement as HTMLElement
    expect(within(box).getByText('First02 Person 02')).toBeTruthy()
    expect(within(box).getByText('(the same email)')).toBeTruthy()
    expect(within(box).getByRole('link', { name: 'Open it: First02 Person 02' }).getAttribute('href')).toBe(
      `/contacts/edit/${SECOND}`,
    )

    fireEvent.click(screen.getByRole('button', { name: 'Save Contact' }))
    await screen.findByText('Open it to use the one you have, or save anyway.')
    expect(await runtime.db.outbox.count()).toBe(0)

    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }))
    await waitFor(async () => expect(await runtime.db.contacts.count()).toBe(4))
    expect(await runtime.db.outbox.count()).toBe(1)
  })

  it('holds a save made before the typing paused, and shows the match', async () => {
    const { runtime } = await addContact({ 'First Name': 'Grace' })
    // The index is read, then an existing email is typed and saved at once, as a quick typist does.
    await new Promise((resolve) => setTimeout(resolve, 400))
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'person02@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save Contact' }))
    await screen.findByText('Open it to use the one you have, or save anyway.')
    const box = (await notice()).parentElement as HTMLElement
    expect(within(box).getByText('First02 Person 02')).toBeTruthy()
    expect(await runtime.db.outbox.count()).toBe(0)
    expect(await runtime.db.contacts.count()).toBe(3)
  })

  it('holds a save made before the list index is built, and shows the match once it is', async () => {
    // Typed and saved before the form's first look, while the index is still being read.
    const { runtime } = await addContact({ 'First Name': 'Grace', Email: 'person02@example.com' })
    fireEvent.click(screen.getByRole('button', { name: 'Save Contact' }))
    await screen.findByText('Open it to use the one you have, or save anyway.')
    expect(await runtime.db.outbox.count()).toBe(0)
    expect(await runtime.db.contacts.count()).toBe(3)
  })

  it('matches a phone number however it is written, in either phone field', async () => {
    await addContact({ 'First Name': 'Grace', Mobile: '+44 (20) 7946-0003' })
    const box = (await notice()).parentElement as HTMLElement
    expect(within(box).getByText('First03 Person 03')).toBeTruthy()
    expect(within(box).getByText('(the same phone number)')).toBeTruthy()
  })

  it('matches a name only at the same company', async () => {
    const { runtime } = await addContact({ 'First Name': 'first02', 'Last Name': 'Person 02' })
    // The name alone is no match.
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(screen.queryByText('This may be a contact you already have:')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Save Contact' }))
    await waitFor(async () => expect(await runtime.db.contacts.count()).toBe(4))
  })

  it('matches the same name at the same company, letter case aside', async () => {
    const runtime = makeRuntime()
    await seedContacts(runtime.db, 3)
    await runtime.db.contacts.update(SECOND, { company: { relationTo: 'companies', value: COMPANY } })
    await runtime.db.companies.add({ id: COMPANY, companyName: 'Orbit Works', version: 1 } as never)
    // Added from the company's page: the company is chosen already.
    renderApp(`/contacts/add?company=${COMPANY}`, { runtime })
    fireEvent.change(await screen.findByLabelText('First Name'), { target: { value: 'FIRST02' } })
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: 'person 02' } })
    const box = (await notice()).parentElement as HTMLElement
    expect(within(box).getByText('(the same name at the same company)')).toBeTruthy()
  })

  it('asks nothing when nothing matches', async () => {
    const { runtime } = await addContact({ 'First Name': 'Ada', Email: 'ada@example.com' })
    fireEvent.click(screen.getByRole('button', { name: 'Save Contact' }))
    await waitFor(async () => expect(await runtime.db.contacts.count()).toBe(4))
    expect(screen.queryByText('This may be a contact you already have:')).toBeNull()
  })

  it('on an edit: not for the record itself, nor for what it already was; yes for a new match', async () => {
    const runtime = makeRuntime()
    await seedContacts(runtime.db, 3)
    // Two records already share a phone: editing one's title asks nothing.
    await runtime.db.contacts.update(SECOND, { phone: '+44 20 7946 0003' })
    renderApp(`/contacts/edit/${SECOND}`, { runtime })
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Chief Engineer' } })
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(screen.queryByText('This may be a contact you already have:')).toBeNull()

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'person03@example.com' } })
    const box = (await notice()).parentElement as HTMLElement
    expect(within(box).getByText('First03 Person 03')).toBeTruthy()
    expect(within(box).queryByText('First02 Person 02')).toBeNull()
  })

  it('finds a record by the email it has now, after a change the form did not make', async () => {
    const { runtime } = await addContact({ Email: 'person02@example.com' })
    const box = (await notice()).parentElement as HTMLElement
    expect(within(box).getByText('First02 Person 02')).toBeTruthy()
    // Changed while the form is open (another screen, or the sync): the looks read the new value.
    await runtime.db.contacts.update(SECOND, { email: 'grace@orbit.example' })
    await waitFor(() => expect(screen.queryByText('This may be a contact you already have:')).toBeNull())
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Grace@Orbit.example' } })
    const again = (await notice()).parentElement as HTMLElement
    expect(within(again).getByText('First02 Person 02')).toBeTruthy()
  })

  it('finds a company by its name, letter case and accents aside, offering to open it', async () => {
    const runtime = makeRuntime()
    await runtime.db.companies.add({ id: COMPANY, companyName: 'Orbit Works', version: 1 } as never)
    const { router } = renderApp('/companies/add', { runtime })
    fireEvent.change(await screen.findByLabelText('Company Name'), { target: { value: 'ORBIT WÖRKS' } })
    const box = (await screen.findByText('This may be a company you already have:'))
      .parentElement as HTMLElement
    expect(within(box).getByText('Orbit Works')).toBeTruthy()
    expect(within(box).getByText('(the same name)')).toBeTruthy()
    const open = within(box).getByRole('link', { name: 'Open it: Orbit Works' })
    expect(open.textContent).toBe('Open it')
    // Opening it leaves the typing: asked first, as any leaving is.
    fireEvent.click(open)
    fireEvent.click(await screen.findByRole('button', { name: 'Discard and leave' }))
    await waitFor(() => expect(currentPath(router)).toBe(`/companies/edit/${COMPANY}`))
  })

  it('finds a company by its website, its scheme, "www." and closing slash aside', async () => {
    const runtime = makeRuntime()
    await runtime.db.companies.add({
      id: COMPANY,
      companyName: 'Orbit Works',
      website: 'https://www.orbit.example/',
      version: 1,
    } as never)
    renderApp('/companies/add', { runtime })
    fireEvent.change(await screen.findByLabelText('Company Name'), { target: { value: 'Orbit Holdings' } })
    fireEvent.change(screen.getByLabelText('Website'), { target: { value: 'orbit.example' } })
    const box = (await screen.findByText('This may be a company you already have:'))
      .parentElement as HTMLElement
    expect(within(box).getByText('Orbit Works')).toBeTruthy()
    expect(within(box).getByText('(the same website)')).toBeTruthy()
  })
})

/**
 * The contacts' list index as a fresh tab at 100,000 contacts has it: not built, and a save's wait for
 * it (`idle`) lasting until the test calls `release`; then it is read, and the wait ends.
 */
function slowIndex(db: OutpostDb) {
  const index = mirrorIndex(db, 'contacts')
  const warm = index.warm.bind(index)
  const idle = index.idle.bind(index)
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  vi.spyOn(index, 'warm').mockImplementation(() => {})
  const waits = vi.spyOn(index, 'idle').mockImplementation(async () => {
    await released
    warm()
    await idle()
  })
  return { index, waits, release: () => release() }
}

const aMoment = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('a save waiting for the list index to be built', () => {
  beforeEach(() => storeSession())
  afterEach(() => vi.restoreAllMocks())

  async function addForm(email: string) {
    const runtime = makeRuntime()
    await seedContacts(runtime.db, 3)
    const slow = slowIndex(runtime.db)
    const { router } = renderApp('/contacts/add', { runtime })
    fireEvent.change(await screen.findByLabelText('First Name'), { target: { value: 'Grace' } })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } })
    expect(slow.index.ready).toBe(false)
    return { runtime, router, slow, saveButton: screen.getByRole('button', { name: 'Save Contact' }) }
  }

  it('adding: the button is busy from the click, a second click or Enter starts nothing, and the one save is made once the index is built', async () => {
    const { runtime, router, slow, saveButton } = await addForm('grace@example.com')
    fireEvent.click(saveButton)
    expect(saveButton).toHaveProperty('disabled', true)
    await waitFor(() => expect(slow.waits).toHaveBeenCalledTimes(1))

    fireEvent.click(saveButton)
    // Enter in a field submits the form whatever the button says.
    fireEvent.submit(saveButton.closest('form') as HTMLFormElement)
    await aMoment()
    expect(slow.waits).toHaveBeenCalledTimes(1)
    expect(saveButton).toHaveProperty('disabled', true)
    expect(await runtime.db.outbox.count()).toBe(0)

    slow.release()
    await waitFor(() => expect(currentPath(router)).toMatch(/^\/contacts\/edit\//))
    expect(await runtime.db.contacts.count()).toBe(4)
    expect(await runtime.db.outbox.count()).toBe(1)
  })

  it('adding: a look for duplicates that fails is reported, nothing is saved, and the form is free again as typed', async () => {
    const { runtime, slow, saveButton } = await addForm('grace@example.com')
    slow.waits.mockRejectedValueOnce(new Error('the list index could not be read'))
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    fireEvent.click(saveButton)
    await screen.findByText('Oops, something went wrong!')
    expect(logged).toHaveBeenCalled()
    await waitFor(() => expect(saveButton).toHaveProperty('disabled', false))
    expect(screen.getByLabelText('First Name')).toHaveProperty('value', 'Grace')
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'grace@example.com')
    expect(await runtime.db.contacts.count()).toBe(3)
    expect(await runtime.db.outbox.count()).toBe(0)
  })

  it('adding: held for a duplicate once the index is built, the button is free again and "Save anyway" saves', async () => {
    const { runtime, slow, saveButton } = await addForm('person02@example.com')
    fireEvent.click(saveButton)
    expect(saveButton).toHaveProperty('disabled', true)
    await waitFor(() => expect(slow.waits).toHaveBeenCalledTimes(1))

    slow.release()
    await screen.findByText('Open it to use the one you have, or save anyway.')
    await waitFor(() => expect(saveButton).toHaveProperty('disabled', false))
    expect(await runtime.db.outbox.count()).toBe(0)

    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }))
    await waitFor(async () => expect(await runtime.db.contacts.count()).toBe(4))
    expect(await runtime.db.outbox.count()).toBe(1)
  })

  it('editing: the button is busy from the click, a second click starts nothing, and the one save is made once the index is built', async () => {
    const runtime = makeRuntime()
    await seedContacts(runtime.db, 3)
    const slow = slowIndex(runtime.db)
    renderApp(`/contacts/edit/${SECOND}`, { runtime })
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'grace@example.com' } })
    const updateButton = screen.getByRole('button', { name: 'Update Contact' })
    fireEvent.click(updateButton)
    expect(updateButton).toHaveProperty('disabled', true)
    await waitFor(() => expect(slow.waits).toHaveBeenCalledTimes(1))

    fireEvent.click(updateButton)
    fireEvent.submit(updateButton.closest('form') as HTMLFormElement)
    await aMoment()
    expect(slow.waits).toHaveBeenCalledTimes(1)
    expect(updateButton).toHaveProperty('disabled', true)
    expect(await runtime.db.outbox.count()).toBe(0)

    slow.release()
    await screen.findByText('Saved - This contact has been updated successfully.')
    await waitFor(() => expect(updateButton).toHaveProperty('disabled', false))
    expect((await runtime.db.contacts.get(SECOND))?.email).toBe('grace@example.com')
    expect(await runtime.db.outbox.count()).toBe(1)
  })
})
