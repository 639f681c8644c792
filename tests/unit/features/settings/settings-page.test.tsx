/** Settings: the sidebar and active colours, the lock time, the device storage and the last sync. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { META, writeMeta } from '../../../../src/db/meta'
import { parsePreferences, readPreferences } from '../../../../src/session/preferences'
import { makeRuntime, renderApp, storeSession, testUser } from '../../helpers'

describe('settings', () => {
  it('applies the sidebar and active colours at once and remembers them for this user', async () => {
    storeSession()
    const first = renderApp('/users/settings')
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' })
    expect(sidebar.dataset.sidebarColour).toBe('white')
    // The shell (and its sidebar) shows before the settings screen's own code has loaded.
    fireEvent.click(await screen.findByRole('radio', { name: 'Brown' }))
    fireEvent.click(screen.getByRole('radio', { name: 'Danger' }))
    expect(sidebar.dataset.sidebarColour).toBe('brown')
    expect(sidebar.className).toContain('bg-sidebar-brown')
    expect(readPreferences(testUser.id)).toMatchObject({ sidebar: 'brown', active: 'danger' })
    first.unmount()

    renderApp('/contacts/list')
    const again = await screen.findByRole('complementary', { name: 'Sidebar' })
    expect(again.dataset.sidebarColour).toBe('brown')
    expect(within(again).getByRole('link', { name: 'Contacts' }).className).toContain('bg-active-danger')
  })

  it('falls back to the defaults for anything stored that is not a choice', () => {
    expect(parsePreferences('{"sidebar":"pink","active":"info","lockAfter":7}')).toEqual({
      sidebar: 'white',
      active: 'info',
      lockAfter: 0,
    })
    expect(parsePreferences('not json')).toEqual({ sidebar: 'white', active: 'primary', lockAfter: 0 })
  })

  it('shows the lock time, the device storage and the last successful sync, kept across reloads', async () => {
    storeSession()
    const runtime = makeRuntime()
    const syncedAt = new Date(2026, 10, 20, 9, 30).getTime()
    await writeMeta(runtime.db, META.lastSyncAt, syncedAt)
    renderApp('/users/settings', { runtime })
    const select = await screen.findByLabelText('Lock the app')
    expect(select).toHaveProperty('value', '0')
    fireEvent.change(select, { target: { value: '15' } })
    expect(readPreferences(testUser.id).lockAfter).toBe(15)
    expect(screen.getByText('Storage used')).toBeTruthy()
    const last = screen.getByText('Last successful sync').nextElementSibling
    await waitFor(() => expect(last?.textContent).toContain('2026'))
  })
})
