/** The shell around the screens: register, settings (colours, lock time), the lock and unlock, the chat link. */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ChatLink } from '../../src/app/layout/chat-link'
import { databaseName, OutpostDb } from '../../src/db/database'
import { META, writeMeta } from '../../src/db/meta'
import { unsyncedText } from '../../src/features/lock/log-out-question'
import { isLocked, keepVerifier, lock } from '../../src/session/lock'
import { parsePreferences, readPreferences } from '../../src/session/preferences'
import { CLOSED_TEXT, registerAccount } from '../../src/session/register'
import { unlockApp } from '../../src/session/sign-in'
import { NetworkError, type Transport } from '../../src/transport/http'
import { currentPath, fakeTransport, makeRuntime, renderApp, storeSession, testUser } from './helpers'
import { queueOp } from './outbox-fixtures'

const offline: Transport = async () => {
  throw new NetworkError('offline')
}

describe('register', () => {
  it('checks every field under it before sending anything', async () => {
    const transport = fakeTransport()
    renderApp('/register', { context: { register: (details) => registerAccount(details, { transport }) } })
    fireEvent.click(await screen.findByRole('button', { name: 'Register' }))
    expect(await screen.findAllByText('This field is required.')).toHaveLength(3)

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not an email' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abc' } })
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'abd' } })
    expect(screen.getByText('Must be a valid email address.')).toBeTruthy()
    expect(screen.getByText('Must be at least 8 characters.')).toBeTruthy()
    expect(screen.getByText('Must match the password.')).toBeTruthy()
    expect(transport).not.toHaveBeenCalled()
  })

  it('says who makes accounts when the server takes no registrations, keeping what was typed', async () => {
    const transport = fakeTransport(() => ({
      status: 403,
      headers: {},
      body: { errors: [{ name: 'Forbidden', title: 'Forbidden', message: 'Registration is closed.' }] },
    }))
    renderApp('/register', { context: { register: (details) => registerAccount(details, { transport }) } })
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'new@example.com' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-12' } })
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'secret-12' } })
    fireEvent.click(screen.getByLabelText('Subscribe to the newsletter'))
    fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    expect((await screen.findByRole('alert')).textContent).toBe(CLOSED_TEXT)
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'new@example.com')
    expect(screen.getByLabelText('Subscribe to the newsletter')).toHaveProperty('checked', true)
    expect(transport.mock.calls[0]?.[0]).toMatchObject({
      method: 'POST',
      path: 'register',
      body: {
        username: 'new@example.com',
        password: 'secret-12',
        confirmPassword: 'secret-12',
        newsletter: true,
      },
    })
  })

  it('creates the account, signs in with it and opens the app', async () => {
    const user = {
      id: 'u9',
      email: 'new@example.com',
      firstName: '',
      lastName: '',
      role: { roleName: 'User' },
    }
    const transport = fakeTransport((path) =>
      path === 'register'
        ? { status: 201, headers: {}, body: { doc: user } }
        : { status: 200, headers: {}, body: { message: 'ok', user, exp: 0 } },
    )
    const { router } = renderApp('/register', {
      context: { register: (details) => registerAccount(details, { transport }) },
    })
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'new@example.com' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-12' } })
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'secret-12' } })
    fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    await waitFor(() => expect(currentPath(router)).toBe('/admin/overview'))
    expect(localStorage.getItem('userId')).toBe('u9')
  })

  it('is for guests only', async () => {
    storeSession()
    const { router } = renderApp('/register')
    await waitFor(() => expect(currentPath(router)).toBe('/admin/overview'))
  })
})

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

describe('lock', () => {
  it('locks from the user menu, hides every record, and unlocks offline with the password kept at sign-in', async () => {
    storeSession()
    await keepVerifier(testUser.id, 'secret1')
    renderApp('/contacts/list', {
      context: { unlock: (user, password) => unlockApp(user, password, { transport: offline }) },
    })
    fireEvent.click(await screen.findByRole('button', { name: /Ada Lovelace/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Lock' }))

    const password = await screen.findByLabelText('Password')
    expect(isLocked(testUser.id)).toBe(true)
    expect(screen.queryByRole('heading', { name: 'Contacts' })).toBeNull()
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy()

    fireEvent.change(password, { target: { value: 'wrong1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }))
    expect(await screen.findByText('The password provided is incorrect.')).toBeTruthy()
    expect(isLocked(testUser.id)).toBe(true)

    fireEvent.change(password, { target: { value: 'secret1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unlock' })).toBeNull())
    expect(isLocked(testUser.id)).toBe(false)
    expect(screen.getByRole('heading', { level: 1, name: 'Contacts' })).toBeTruthy()
  })

  it('stays locked across a reload, and says offline unlocking needs a sign-in first when no verifier is kept', async () => {
    storeSession()
    lock(testUser.id)
    renderApp('/contacts/list', {
      context: { unlock: (user, password) => unlockApp(user, password, { transport: offline }) },
    })
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'secret1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }))
    expect(await screen.findByText('You are offline. Connect to the internet to unlock.')).toBeTruthy()
  })

  it('unlocks against the server when it answers, which has the last word', async () => {
    storeSession()
    await keepVerifier(testUser.id, 'secret1')
    const refused = fakeTransport(() => ({
      status: 401,
      headers: {},
      body: { errors: [{ name: 'x', title: 'x', message: 'The email or password provided is incorrect.' }] },
    }))
    await expect(unlockApp(testUser, 'secret1', { transport: refused })).rejects.toThrow(
      'The email or password provided is incorrect.',
    )
  })

  it('/lock locks at once and goes back where the user was once unlocked', async () => {
    storeSession()
    await keepVerifier(testUser.id, 'secret1')
    const { router } = renderApp('/lock?redirect=%2Fcontacts%2Flist', {
      context: { unlock: (user, password) => unlockApp(user, password, { transport: offline }) },
    })
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'secret1' } })
    expect(isLocked(testUser.id)).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }))
    await waitFor(() => expect(currentPath(router)).toBe('/contacts/list'))
  })

  it("Log out on the lock screen asks first while changes wait, as the top bar's does, and they stay", async () => {
    storeSession()
    lock(testUser.id)
    // The lock screen has no sync runtime: it reads the user's own database.
    const db = new OutpostDb(databaseName(testUser.id))
    await queueOp(db, { kind: 'update', status: 'pending', patch: { title: 'Countess' } })
    const { router } = renderApp('/lock', { transport: offline })
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }))
    const question = await screen.findByRole('dialog', { name: 'Log out with changes not synced?' })
    expect(within(question).getByText(unsyncedText(1))).toBeTruthy()
    fireEvent.click(within(question).getByRole('button', { name: 'Stay' }))
    expect(isLocked(testUser.id)).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Log out anyway' }))
    await waitFor(() => expect(currentPath(router)).toBe('/login'))
    expect(await db.outbox.count()).toBe(1)
    await db.delete()
  })

  it('/lock sends a signed-out visitor to /login', async () => {
    const { router } = renderApp('/lock')
    await waitFor(() => expect(currentPath(router)).toBe('/login'))
  })
})

describe('top bar', () => {
  it('links to the chat workspace only when one is configured', () => {
    const { container, rerender } = render(<ChatLink configured={undefined} />)
    expect(container.innerHTML).toBe('')
    rerender(<ChatLink configured="javascript:alert(1)" />)
    expect(container.innerHTML).toBe('')
    rerender(<ChatLink configured="https://team.slack.com/" />)
    const link = screen.getByRole('link', { name: 'Chat' })
    expect(link.getAttribute('href')).toBe('https://team.slack.com/')
    expect(link.getAttribute('rel')).toContain('noopener')
  })

  it('agrees counts and pronouns when asking before logging out', () => {
    expect(unsyncedText(1)).toBe(
      'You have 1 change that is not synced yet. If you log out now it stays on this device and is sent the next time you sign in.',
    )
    expect(unsyncedText(3)).toContain('3 changes that are not synced yet. If you log out now they stay')
  })
})
