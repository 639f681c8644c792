import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { visibleNavigation } from '../../../src/app/layout/navigation'
import { currentPath, renderApp, storeSession } from '../helpers'

describe('routes', () => {
  it('sends a signed-out visitor to /login, remembering where they were going', async () => {
    const { router } = renderApp('/')
    await screen.findByRole('button', { name: "Let's go" })
    expect(currentPath(router)).toBe('/login')
    expect(router.state.location.search).toEqual({ redirect: '/admin/overview' })
  })

  it('redirects the root, /admin and /contacts to their first screens', async () => {
    storeSession()
    const root = renderApp('/')
    await waitFor(() => expect(currentPath(root.router)).toBe('/admin/overview'))
    root.unmount()
    const admin = renderApp('/admin')
    await waitFor(() => expect(currentPath(admin.router)).toBe('/admin/overview'))
    admin.unmount()
    const contacts = renderApp('/contacts')
    await waitFor(() => expect(currentPath(contacts.router)).toBe('/contacts/list'))
  })

  it('sends a signed-in user away from the guest-only login page', async () => {
    storeSession()
    const { router } = renderApp('/login')
    await waitFor(() => expect(currentPath(router)).toBe('/admin/overview'))
  })

  it('shows the 404 page for any other path, with a way home', async () => {
    renderApp('/no/such/page')
    await screen.findByText('Oops! It seems that this page does not exist.')
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/')
  })

  it.each([
    '/calendar',
    '/charts',
    '/components/buttons',
    '/forms/wizard',
    '/table-list/regular',
    '/maps/google',
    '/pages/timeline',
  ])(
    'shows the 404 page for the template demo section %s, which is not part of the product',
    async (path) => {
      storeSession()
      renderApp(path)
      await screen.findByText('Oops! It seems that this page does not exist.')
    },
  )

  it('redirects /users to My Profile', async () => {
    storeSession()
    const { router } = renderApp('/users')
    await waitFor(() => expect(currentPath(router)).toBe('/users/me'))
  })

  it.each([
    '%2F%2Fevil.example',
    '%2F%5Cevil.example',
    '%2F%09%2Fevil.example',
    'https%3A%2F%2Fevil.example',
  ])('does not follow a login redirect to another site (%s)', async (target) => {
    const { router } = renderApp(`/login?redirect=${target}`)
    await screen.findByRole('button', { name: "Let's go" })
    expect(router.state.matches.find((match) => match.routeId === '/login')?.search.redirect).toBeUndefined()
  })
})

describe('signed-in layout', () => {
  it("shows the route's name, the user, the navigation and the search", async () => {
    storeSession()
    renderApp('/contacts/add')
    await screen.findByRole('heading', { level: 1, name: 'Add Contact' })
    expect(screen.getByText('Ada Lovelace')).toBeTruthy()
    expect(screen.getByText('AL')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Contacts' }).getAttribute('aria-current')).toBe('page')
    // The Dashboard group is folded: none of its screens is current.
    expect(screen.queryByRole('link', { name: 'Overview' })).toBeNull()
    const search = screen.getByRole('combobox', { name: 'Search everything' })
    expect(search).toHaveProperty('disabled', false)
    expect(search.getAttribute('aria-keyshortcuts')).toBe('/')
    expect(screen.getByText('Online')).toBeTruthy()
    expect(screen.getByText(`© ${new Date().getFullYear()} Outpost`)).toBeTruthy()
  })

  it('opens the Dashboard group on its own screen', async () => {
    storeSession()
    renderApp('/admin/overview')
    const overview = await screen.findByRole('link', { name: 'Overview' })
    expect(overview.getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('button', { name: 'Dashboard' }).getAttribute('aria-expanded')).toBe('true')
  })

  it('lists a navigation entry only for the roles it names', () => {
    const entries = [
      {
        label: 'Contacts',
        to: '/contacts/list' as const,
        section: '/contacts',
        roles: ['Admin', 'User'] as const,
      },
      { label: 'Admin', to: '/admin/overview' as const, section: '/admin', roles: ['Admin'] as const },
    ]
    expect(visibleNavigation('User', entries).map((entry) => entry.label)).toEqual(['Contacts'])
    expect(visibleNavigation('Admin', entries).map((entry) => entry.label)).toEqual(['Contacts', 'Admin'])
    expect(visibleNavigation(undefined, entries)).toEqual([])
  })
})
