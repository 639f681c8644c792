import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { AUTH_KEYS } from '../../../../src/session/stored-user'
import { currentPath, fakeTransport, makeRuntime, renderApp, storeSession, testUser } from '../../helpers'

describe('log out', () => {
  beforeEach(() => storeSession())

  it('signs out at once when everything is synced', async () => {
    const transport = fakeTransport(() => ({ status: 200, headers: {}, body: {} }))
    const runtime = makeRuntime(testUser, transport)
    const { router } = renderApp('/admin/overview', { runtime })
    fireEvent.click(await screen.findByRole('link', { name: 'Log Out' }))
    await screen.findByRole('button', { name: "Let's go" })
    expect(currentPath(router)).toBe('/login')
    expect(localStorage.getItem(AUTH_KEYS.id)).toBeNull()
    expect(localStorage.getItem(AUTH_KEYS.role)).toBeNull()
    expect(transport).toHaveBeenCalledWith(expect.objectContaining({ path: 'users/logout' }))
  })

  it('warns about unsynced changes, and keeps them on this device either way', async () => {
    const runtime = makeRuntime()
    await runtime.mutate.add('contacts', { firstName: 'Grace' })
    await runtime.mutate.add('contacts', { firstName: 'Alan' })
    const { router } = renderApp('/admin/overview', { runtime })
    await screen.findAllByText('2 changes not synced')

    fireEvent.click(screen.getByRole('link', { name: 'Log Out' }))
    let dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('You have 2 changes that are not synced yet.')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(localStorage.getItem(AUTH_KEYS.id)).toBe('u1')

    fireEvent.click(screen.getByRole('link', { name: 'Log Out' }))
    dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out anyway' }))
    await waitFor(() => expect(currentPath(router)).toBe('/login'))
    expect(localStorage.getItem(AUTH_KEYS.id)).toBeNull()
    expect(await runtime.db.outbox.count()).toBe(2)
  })
})
