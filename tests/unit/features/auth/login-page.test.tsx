import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AUTH_KEYS } from '../../../../src/session/stored-user'
import { currentPath, fakeTransport, renderApp } from '../../helpers'

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: "Let's go" }))
}

/** The browser's persistent-storage calls, answering "not yet" then "granted". */
function stubStorage() {
  const persist = vi.fn(async () => true)
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { persisted: async () => false, persist },
  })
  return persist
}

const signedIn = () =>
  fakeTransport(() => ({
    status: 200,
    headers: {},
    body: {
      message: 'ok',
      exp: 0,
      user: {
        id: 'u1',
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        role: { id: 'r', roleName: 'Admin' },
      },
    },
  }))

const refused = () =>
  fakeTransport(() => ({
    status: 401,
    headers: {},
    body: {
      errors: [
        { name: 'AuthenticationError', title: 'x', message: 'The email or password provided is incorrect.' },
      ],
    },
  }))

describe('login', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'storage')
  })

  it('asks the browser to keep the data on the device when the sign-in succeeds, not before', async () => {
    const persist = stubStorage()
    const { router } = renderApp('/login', { transport: signedIn() })
    await screen.findByRole('button', { name: "Let's go" })
    fill('not-an-email', 'abcd')
    expect(persist).not.toHaveBeenCalled()
    fill('ada@example.com', 'correct-horse')
    await waitFor(() => expect(currentPath(router)).not.toBe('/login'))
    await waitFor(() => expect(persist).toHaveBeenCalledTimes(1))
  })

  it('does not ask when the sign-in is refused', async () => {
    const persist = stubStorage()
    const transport = refused()
    renderApp('/login', { transport })
    await screen.findByRole('button', { name: "Let's go" })
    fill('ada@example.com', 'wrong-password')
    await screen.findByRole('alert')
    expect(persist).not.toHaveBeenCalled()
  })

  it('checks the fields itself and calls nothing while they are wrong', async () => {
    const transport = fakeTransport()
    renderApp('/login', { transport })
    await screen.findByRole('button', { name: "Let's go" })

    fireEvent.click(screen.getByRole('button', { name: "Let's go" }))
    expect(screen.getAllByText('This field is required.')).toHaveLength(2)

    fill('not-an-email', 'abcd')
    expect(screen.getByText('Must be a valid email address.')).toBeTruthy()
    expect(screen.getByText('Must be at least 5 characters.')).toBeTruthy()
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
    expect(transport).not.toHaveBeenCalled()

    // Fixing a field clears its message as the user types.
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'abcde' } })
    expect(screen.queryByText('Must be at least 5 characters.')).toBeNull()
  })

  it("shows the server's refusal in red under the form and keeps what was typed", async () => {
    const transport = refused()
    renderApp('/login', { transport })
    await screen.findByRole('button', { name: "Let's go" })
    fill('ada@example.com', 'wrong-password')

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('The email or password provided is incorrect.')
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com')
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('wrong-password')
    expect(transport).toHaveBeenCalledTimes(1)
    expect(localStorage.getItem(AUTH_KEYS.id)).toBeNull()
  })

  it('signs in, keeps role and id, and returns to where the user was going', async () => {
    const transport = signedIn()
    const { router } = renderApp('/contacts/list', { transport })
    await waitFor(() => expect(currentPath(router)).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirect: '/contacts/list' })

    await screen.findByRole('button', { name: "Let's go" })
    fill('ada@example.com', 'correct-horse')

    await screen.findByRole('heading', { name: 'All Contacts' })
    expect(currentPath(router)).toBe('/contacts/list')
    expect(localStorage.getItem(AUTH_KEYS.role)).toBe('Admin')
    expect(localStorage.getItem(AUTH_KEYS.id)).toBe('u1')
  })
})
