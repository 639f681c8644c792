/**
 * Nothing typed is lost by leaving a form: leaving a screen whose form holds unsaved typing asks
 * first (app/layout/leave-guard.tsx), and what is typed is kept on the device as it is typed
 * (features/records/use-draft.ts), so reopening the form after a reload brings it back.
 */
import { createBrowserHistory, RouterProvider } from '@tanstack/react-router'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { createAppRouter } from '../../../../src/app/router'
import { type Company, companyFields } from '../../../../src/domain/company'
import { emptyValues } from '../../../../src/domain/fields'
import {
  currentPath,
  makeRuntime,
  renderApp,
  seedContacts,
  storeSession,
  type TestRuntime,
} from '../../helpers'

const ID = '00000000-0000-4000-8000-000000000001'
const COMPANY = 'c0000000-0000-4000-8000-000000000001'

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const shownValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value
const sidebarLink = (name: string) => screen.getByRole('link', { name })

/** Resolves once the device holds this draft (written as it is typed, one write at a time). */
const draftHeld = (runtime: TestRuntime, key: string, edits: Record<string, unknown>) =>
  waitFor(async () => expect((await runtime.db.drafts.get(key))?.edits).toEqual(edits))

async function openAdd(runtime = makeRuntime()) {
  const view = renderApp('/contacts/add', { runtime })
  await screen.findByRole('button', { name: 'Save Contact' })
  return { ...view, runtime }
}

describe('leaving a form with unsaved typing', () => {
  beforeEach(() => storeSession())

  it('asks first; staying keeps the screen and every typed value', async () => {
    const { router } = await openAdd()
    type('First Name', 'Grace')
    fireEvent.click(sidebarLink('Companies'))
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(currentPath(router)).toBe('/contacts/add')
    expect(shownValue('First Name')).toBe('Grace')
  })

  it('leaving anyway discards the typing and its draft on the device', async () => {
    const { router, runtime } = await openAdd()
    type('First Name', 'Grace')
    await draftHeld(runtime, 'contacts:new', { firstName: 'Grace' })
    fireEvent.click(screen.getByRole('link', { name: 'Back to the list' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Discard and leave' }))
    await waitFor(() => expect(currentPath(router)).toBe('/contacts/list'))
    await waitFor(async () => expect(await runtime.db.drafts.count()).toBe(0))
  })

  it('does not ask when nothing is typed, nor when the typing is saved', async () => {
    const { router, runtime } = await openAdd()
    fireEvent.click(sidebarLink('Companies'))
    await waitFor(() => expect(currentPath(router)).toBe('/companies/list'))

    fireEvent.click(sidebarLink('Contacts'))
    fireEvent.click(await screen.findByRole('link', { name: 'Add Contact' }))
    await screen.findByRole('button', { name: 'Save Contact' })
    type('First Name', 'Grace')
    type('Last Name', 'Hopper')
    fireEvent.click(screen.getByRole('button', { name: 'Save Contact' }))
    await waitFor(() => expect(currentPath(router)).toMatch(/^\/contacts\/edit\//))
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(async () => expect(await runtime.db.drafts.count()).toBe(0))
  })
})

describe("leaving by the browser's own controls", () => {
  beforeEach(() => storeSession())

  /** The app on the window's own history, as in a browser: its Back is a popstate, its close a beforeunload. */
  async function openAddFromList() {
    window.history.replaceState(null, '', '/contacts/list')
    const runtime = makeRuntime()
    const router = createAppRouter({
      history: createBrowserHistory(),
      context: { startRuntime: () => runtime },
    })
    const view = render(<RouterProvider router={router} />)
    fireEvent.click(await screen.findByRole('link', { name: 'Add Contact' }))
    await screen.findByRole('button', { name: 'Save Contact' })
    return { ...view, router }
  }

  /** What the browser does on closing or reloading the tab: true when the page asked it to warn first. */
  function closeTab() {
    const event = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(event)
    return event.defaultPrevented
  }

  it("asks before the browser's Back leaves a form with typing, and stays on 'Keep editing'", async () => {
    const { router, unmount } = await openAddFromList()
    type('First Name', 'Grace')
    window.history.back()
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(currentPath(router)).toBe('/contacts/add')
    // The address goes forward again to the form it never left.
    await waitFor(() => expect(window.location.pathname).toBe('/contacts/add'))
    expect(shownValue('First Name')).toBe('Grace')

    window.history.back()
    fireEvent.click(await screen.findByRole('button', { name: 'Discard and leave' }))
    await waitFor(() => expect(currentPath(router)).toBe('/contacts/list'))
    unmount()
  })

  it('has the browser ask before closing the tab only while a form holds typing', async () => {
    const { unmount } = await openAddFromList()
    expect(closeTab()).toBe(false)
    type('First Name', 'Grace')
    await waitFor(() => expect(closeTab()).toBe(true))
    type('First Name', '')
    await waitFor(() => expect(closeTab()).toBe(false))
    unmount()
  })
})

describe('a name typed in "Go to company"', () => {
  beforeEach(() => storeSession())

  it("is carried into Create A Company by 'Add New Company'", async () => {
    const runtime = makeRuntime()
    const stamp = new Date(2024, 0, 1).toISOString()
    const company = { companyName: 'Acme', version: 1, createdAt: stamp, updatedAt: stamp }
    await runtime.db.companies.add({ ...emptyValues(companyFields), ...company, id: COMPANY } as Company)
    const { router } = renderApp(`/companies/edit/${COMPANY}`, { runtime })
    const box = await screen.findByRole('combobox', { name: 'Go to company' })
    fireEvent.change(box, { target: { value: 'Orbital Freight' } })
    fireEvent.click(await screen.findByRole('option', { name: 'Add New Company' }))
    await waitFor(() => expect(currentPath(router)).toBe('/companies/add'))
    await screen.findByRole('button', { name: 'Save Company' })
    expect(shownValue('Company Name')).toBe('Orbital Freight')
    // Typed, so it is kept on the device and leaving asks first.
    await draftHeld(runtime, 'companies:new', { companyName: 'Orbital Freight' })
  })
})

describe('a draft kept on the device', () => {
  beforeEach(() => storeSession())

  it('brings an add form back after a reload, and can be discarded', async () => {
    const first = await openAdd()
    type('First Name', 'Grace')
    type('Email', 'grace@example.com')
    await draftHeld(first.runtime, 'contacts:new', { firstName: 'Grace', email: 'grace@example.com' })
    first.unmount()

    await openAdd(first.runtime)
    expect(await screen.findByText(/^Your unsaved changes from .+ are back\.$/)).toBeTruthy()
    expect(shownValue('First Name')).toBe('Grace')
    expect(shownValue('Email')).toBe('grace@example.com')

    fireEvent.click(screen.getByRole('button', { name: 'Discard my changes' }))
    await waitFor(() => expect(shownValue('First Name')).toBe(''))
    expect(screen.queryByText(/Your unsaved changes/)).toBeNull()
    await waitFor(async () => expect(await first.runtime.db.drafts.count()).toBe(0))
  })

  it('brings an edit form back, naming a field someone changed since (the typing would replace theirs)', async () => {
    const runtime = makeRuntime()
    await seedContacts(runtime.db, 2)
    const first = renderApp(`/contacts/edit/${ID}`, { runtime })
    await screen.findByRole('button', { name: 'Update Contact' })
    type('Title', 'Chief Engineer')
    type('Mobile', '+44 7700 900123')
    await draftHeld(runtime, `contacts:${ID}`, { title: 'Chief Engineer', mobile: '+44 7700 900123' })
    first.unmount()

    // Meanwhile a colleague's change to the title arrives from the server.
    await runtime.db.contacts.update(ID, { title: 'Head of Planning', version: 2 })
    renderApp(`/contacts/edit/${ID}`, { runtime })
    const notice = await screen.findByText(/^Your unsaved changes from/)
    expect(notice.textContent).toContain('Someone has changed Title since')
    expect(notice.textContent).not.toContain('Mobile since')
    expect(shownValue('Title')).toBe('Chief Engineer')
    expect(shownValue('Mobile')).toBe('+44 7700 900123')

    fireEvent.click(screen.getByRole('button', { name: 'Update Contact' }))
    await screen.findByText('Saved - This contact has been updated successfully.')
    await waitFor(async () => expect(await runtime.db.drafts.count()).toBe(0))
  })

  it('is dropped at once when what it held is already on the record', async () => {
    const runtime = makeRuntime()
    await seedContacts(runtime.db, 2)
    await runtime.db.drafts.put({
      key: `contacts:${ID}`,
      edits: { title: 'Planner' },
      typedOver: {},
      savedAt: 1,
    })
    renderApp(`/contacts/edit/${ID}`, { runtime })
    await screen.findByRole('button', { name: 'Update Contact' })
    // The seeded first contact is a Planner already: nothing to bring back.
    await waitFor(async () => expect(await runtime.db.drafts.count()).toBe(0))
    expect(screen.queryByText(/Your unsaved changes/)).toBeNull()
  })
})
