/**
 * The screens of signing in and out with no network: Log Out asks first even
 * with nothing waiting, and says what signing in again will take; the login
 * screen signs in a known account against its verifier, refuses a wrong
 * password with the usual words, and says why the device signed out when the
 * server refused a session opened offline.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { offlineText, unsyncedText } from '../../../src/features/lock/log-out-question'
import { rememberAccount } from '../../../src/session/known-accounts'
import { hasVerifier, keepVerifier, matchesVerifier } from '../../../src/session/lock'
import { endRefusedSession, isUnproven, REFUSED_TEXT } from '../../../src/session/offline-session'
import { signIn } from '../../../src/session/sign-in'
import { AUTH_KEYS } from '../../../src/session/stored-user'
import { userCalls } from '../../../src/sync/user-calls'
import { NetworkError, type Transport } from '../../../src/transport/http'
import { currentPath, fakeTransport, makeRuntime, renderApp, storeSession, testUser } from '../helpers'

/** No network: every request fails as a lost connection does. */
const noNetwork: Transport = async () => {
  throw new NetworkError('offline')
}

/** This device signed the test user in before (the verifier and the account kept at that sign-in). */
async function knownHere(password: string) {
  await keepVerifier(testUser.id, password)
  rememberAccount(testUser)
}

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: "Let's go" }))
}

describe('log out while offline', () => {
  it('asks first with nothing waiting, says signing in again works here, and keeps the check', async () => {
    await knownHere('correct-horse')
    storeSession()
    const runtime = makeRuntime(testUser, noNetwork)
    // The last sync run found no server.
    runtime.engine.status.set({ activity: 'offline' })
    const { router } = renderApp('/admin/overview', { runtime })

    fireEvent.click(await screen.findByRole('link', { name: 'Log Out' }))
    let dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('heading').textContent).toBe('Log out while offline?')
    expect(dialog.textContent).toContain(offlineText(true))
    expect(dialog.textContent).toContain('this device keeps a check of it')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(localStorage.getItem(AUTH_KEYS.id)).toBe('u1')

    fireEvent.click(screen.getByRole('link', { name: 'Log Out' }))
    dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' }))
    await waitFor(() => expect(currentPath(router)).toBe('/login'))
    expect(localStorage.getItem(AUTH_KEYS.id)).toBeNull()
    expect(hasVerifier(testUser.id)).toBe(true)
  })

  it('says both things with changes waiting, and that a network is needed when no check is kept', async () => {
    storeSession()
    const runtime = makeRuntime(testUser, noNetwork)
    runtime.engine.status.set({ activity: 'offline' })
    await runtime.mutate.add('contacts', { firstName: 'Grace' })
    renderApp('/admin/overview', { runtime })
    fireEvent.click(await screen.findByRole('link', { name: 'Log Out' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('heading').textContent).toBe('Log out with changes not synced?')
    expect(dialog.textContent).toContain(unsyncedText(1))
    expect(dialog.textContent).toContain('You are offline. Signing in again will need a network.')
    expect(within(dialog).getByRole('button', { name: 'Log out anyway' })).toBeTruthy()
  })
})

describe('the login screen offline', () => {
  it('signs in an account this device knows, and refuses a wrong password with the usual words', async () => {
    await knownHere('correct-horse')
    const { router } = renderApp('/login', {
      context: { signIn: (email, password) => signIn(email, password, { transport: noNetwork }) },
    })
    await screen.findByRole('button', { name: "Let's go" })
    fill('ADA@example.com', 'wrong-horse')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The email or password provided is incorrect.',
    )
    expect(localStorage.getItem(AUTH_KEYS.id)).toBeNull()

    fill('someone@example.com', 'correct-horse')
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'You are offline. Connect to the internet to sign in.',
      ),
    )

    fill('ada@example.com', 'correct-horse')
    await waitFor(() => expect(currentPath(router)).toBe('/admin/overview'))
    expect(localStorage.getItem(AUTH_KEYS.id)).toBe('u1')
    expect(isUnproven('u1')).toBe(true)
  })

  it('says why the device signed out when the server refused the session opened offline', async () => {
    await knownHere('correct-horse')
    storeSession()
    endRefusedSession(testUser.id)
    renderApp('/login')
    expect((await screen.findByRole('alert')).textContent).toBe(REFUSED_TEXT)
    expect(hasVerifier(testUser.id)).toBe(false)
  })
})

describe("the device's check of the password", () => {
  it('follows a password changed on this device, so the old one no longer opens it offline', async () => {
    await knownHere('old-horse')
    const users = userCalls(fakeTransport(() => ({ status: 200, headers: {}, body: {} })))
    await users.changePassword(testUser.id, 'old-horse', 'new-horse-42')
    expect(await matchesVerifier(testUser.id, 'new-horse-42')).toBe(true)
    expect(await matchesVerifier(testUser.id, 'old-horse')).toBe(false)
  })
})
