/** The lock and unlock: from the user menu or /lock, offline with the password kept at sign-in, and Log out there. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { databaseName, OutpostDb } from '../../../../src/db/database'
import { unsyncedText } from '../../../../src/features/lock/log-out-question'
import { isLocked, keepVerifier, lock } from '../../../../src/session/lock'
import { unlockApp } from '../../../../src/session/sign-in'
import { NetworkError, type Transport } from '../../../../src/transport/http'
import { currentPath, fakeTransport, renderApp, storeSession, testUser } from '../../helpers'
import { queueOp } from '../../outbox-fixtures'

const offline: Transport = async () => {
  throw new NetworkError('offline')
}

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
