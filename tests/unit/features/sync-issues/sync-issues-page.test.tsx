import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { currentPath, makeRuntime, renderApp, seedContacts, storeSession } from '../../helpers'
import { CONTACT_ID, errorBody, queueConflict, queueOp } from '../../outbox-fixtures'

const SECOND_ID = '00000000-0000-4000-8000-000000000002'

/** A conflict and a refusal on contacts, a refused new company (no screen yet), and one deletion notice. */
async function seedIssues() {
  const runtime = makeRuntime()
  await seedContacts(runtime.db, 2)
  await queueConflict(runtime.db)
  await queueOp(runtime.db, {
    recordId: SECOND_ID,
    kind: 'update',
    status: 'failed',
    patch: { email: 'bad' },
    base: { email: 'person02@example.com' },
    lastError: {
      status: 400,
      message: 'Bad Request',
      body: errorBody('email', 'Must be a valid email address.'),
    },
  })
  await queueOp(runtime.db, {
    collection: 'companies',
    recordId: 'company-1',
    kind: 'create',
    status: 'failed',
    patch: { companyName: 'Acme Ltd' },
    baseVersion: null,
    lastError: { status: 403, message: 'Error while saving - You are not allowed to perform this action.' },
  })
  await runtime.db.notices.add({
    collection: 'contacts',
    recordId: 'gone-1',
    kind: 'deleted-on-server',
    lost: { title: 'Rear Admiral', mobile: '+1 555 0101' },
    name: 'Grace Hopper',
    createdAt: Date.UTC(2024, 2, 6, 9, 0),
  })
  return runtime
}

const article = (name: string) => screen.getByRole('article', { name })

describe('the sync issues page', () => {
  beforeEach(() => storeSession())

  it('lists every change needing a decision, with links where a screen exists', async () => {
    const runtime = await seedIssues()
    renderApp('/sync-issues', { runtime })
    await screen.findByRole('heading', { level: 1, name: 'Sync issues' })
    await screen.findByRole('heading', { name: 'Changes that need a decision' })
    expect(screen.getAllByRole('article')).toHaveLength(4)

    const conflict = article('First01 Person 01')
    expect(within(conflict).getByText(/^Contact · Edited/)).toBeTruthy()
    expect(within(conflict).getByRole('link', { name: 'First01 Person 01' }).getAttribute('href')).toBe(
      `/contacts/edit/${CONTACT_ID}`,
    )
    expect(
      within(conflict).getByText('Error while saving - This record was changed by someone else. (title)'),
    ).toBeTruthy()
    expect(within(conflict).getByRole('radio', { name: 'Take theirs for Title: Professor' })).toBeTruthy()

    const refused = article('First02 Person 02')
    expect(
      within(refused).getByText('Error while saving - Must be a valid email address. (email)'),
    ).toBeTruthy()
    // Off the edit screen, the refused fields are listed in the notice itself.
    expect(within(refused).getByText('Must be a valid email address.')).toBeTruthy()
    expect(within(refused).getByRole('button', { name: 'Try again' })).toBeTruthy()

    const company = article('Acme Ltd')
    expect(within(company).getByText(/^Company · Added/)).toBeTruthy()
    expect(within(company).queryByRole('link')).toBeNull()
    expect(
      within(company).getByText('Error while saving - You are not allowed to perform this action.'),
    ).toBeTruthy()
  })

  it('resolves a conflict inline', async () => {
    const runtime = await seedIssues()
    renderApp('/sync-issues', { runtime })
    const conflict = await screen.findByRole('article', { name: 'First01 Person 01' })
    fireEvent.click(within(conflict).getByRole('button', { name: 'Take theirs' }))

    await waitFor(() => expect(screen.queryByRole('article', { name: 'First01 Person 01' })).toBeNull())
    expect(await runtime.db.contacts.get(CONTACT_ID)).toMatchObject({ title: 'Professor' })
    expect(await runtime.db.outbox.where('recordId').equals(CONTACT_ID).count()).toBe(0)
    expect(screen.getAllByRole('article')).toHaveLength(3)
  })

  it("shows a conflict on one's own profile with its labels, linked to My Profile, and resolves it", async () => {
    const runtime = makeRuntime()
    const account = {
      id: 'u1',
      email: 'ada@example.com',
      firstName: 'Augusta',
      lastName: 'Lovelace',
      username: '',
      company: '',
      address: '',
      city: 'Ockham',
      country: '',
      postalCode: '',
      aboutMe: '',
      role: { id: 'user' as const, roleName: 'User' as const },
      userImage: null,
      version: 3,
      createdAt: 'x',
      updatedAt: 'x',
    }
    await runtime.db.users.put(account)
    await queueOp(runtime.db, {
      collection: 'users',
      recordId: 'u1',
      kind: 'update',
      status: 'conflict',
      patch: { city: 'Ockham' },
      base: { city: 'London' },
      baseVersion: 3,
      serverDoc: { ...account, city: 'Paris', version: 4 },
      lastError: { status: 412, message: 'x', body: errorBody('city', 'x', 'ConflictError') },
    })
    renderApp('/sync-issues', { runtime })
    const conflict = await screen.findByRole('article', { name: 'Augusta Lovelace' })
    expect(within(conflict).getByText(/^Profile · Edited/)).toBeTruthy()
    expect(within(conflict).getByRole('link', { name: 'Augusta Lovelace' }).getAttribute('href')).toBe(
      '/users/me',
    )
    expect(
      within(conflict).getByText(
        /^Someone else changed this profile on the server while your change was waiting/,
      ),
    ).toBeTruthy()
    expect(within(conflict).getByText('City')).toBeTruthy()
    fireEvent.click(within(conflict).getByRole('button', { name: 'Take theirs' }))
    await waitFor(async () =>
      expect(await runtime.db.users.get('u1')).toMatchObject({ city: 'Paris', version: 4 }),
    )
    expect(await runtime.db.outbox.count()).toBe(0)
  })

  it('shows what a deletion on the server lost, until dismissed', async () => {
    const runtime = await seedIssues()
    renderApp('/sync-issues', { runtime })
    const notice = await screen.findByRole('article', { name: 'Grace Hopper was deleted by someone else' })
    expect(within(notice).getByText('Title').nextElementSibling?.textContent).toBe('Rear Admiral')
    expect(within(notice).getByText('Mobile').nextElementSibling?.textContent).toBe('+1 555 0101')
    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }))

    await waitFor(() => expect(screen.queryByRole('article', { name: /Grace Hopper/ })).toBeNull())
    expect(await runtime.db.notices.count()).toBe(0)
  })

  it("'Add it again' makes the deleted record anew as this device had it, the lost changes in it", async () => {
    const runtime = makeRuntime()
    await runtime.db.notices.add({
      collection: 'contacts',
      recordId: 'gone-2',
      kind: 'deleted-on-server',
      lost: { title: 'Rear Admiral' },
      record: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', title: 'Rear Admiral' },
      name: 'Grace Hopper',
      createdAt: Date.UTC(2024, 2, 6, 9, 0),
    })
    const { router } = renderApp('/sync-issues', { runtime })
    const notice = await screen.findByRole('article', { name: 'Grace Hopper was deleted by someone else' })
    fireEvent.click(within(notice).getByRole('button', { name: 'Add it again' }))

    await screen.findByText('Grace Hopper is a new contact, with your changes.')
    const [added] = await runtime.db.contacts.toArray()
    expect(added).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', title: 'Rear Admiral' })
    expect(added?.id).not.toBe('gone-2')
    const [op] = await runtime.db.outbox.toArray()
    expect(op).toMatchObject({ kind: 'create', recordId: added?.id })
    expect(await runtime.db.notices.count()).toBe(0)
    await waitFor(() => expect(currentPath(router)).toBe(`/contacts/edit/${added?.id}`))
  })

  it('points to itself from the top bar and the sidebar while there are issues', async () => {
    const runtime = await seedIssues()
    const { router } = renderApp('/contacts/list', { runtime })
    const chip = await screen.findByRole('link', { name: '4 need attention' })
    expect(chip.getAttribute('href')).toBe('/sync-issues')
    // The sidebar counts the issues with a live query of its own, which may answer after the chip's.
    await screen.findByRole('link', { name: 'Sync issues (4 need attention)' })
    fireEvent.click(chip)
    await waitFor(() => expect(currentPath(router)).toBe('/sync-issues'))
  })

  it('says everything is in sync when nothing needs a decision', async () => {
    renderApp('/sync-issues')
    await screen.findByText('Everything is in sync.')
    expect(screen.queryByRole('article')).toBeNull()
    expect(screen.getByRole('link', { name: 'Sync issues' }).getAttribute('aria-current')).toBe('page')
    expect(screen.queryByRole('link', { name: /need attention/ })).toBeNull()
    expect(screen.getByText('Online')).toBeTruthy()
  })

  it('never says everything is in sync while changes still wait to be sent', async () => {
    const runtime = makeRuntime()
    await queueOp(runtime.db, { kind: 'update', status: 'pending' })
    await queueOp(runtime.db, { kind: 'update', status: 'pending' })
    renderApp('/sync-issues', { runtime })
    await screen.findByText('Nothing needs your attention.')
    expect(screen.getByText(/^2 changes are still waiting to be sent\./)).toBeTruthy()
    expect(screen.queryByText('Everything is in sync.')).toBeNull()
  })
})
