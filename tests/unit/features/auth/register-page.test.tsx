/** Register: the form's own checks, a server that takes no registrations, and the account made and signed in. */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CLOSED_TEXT, registerAccount } from '../../../../src/session/register'
import { currentPath, fakeTransport, renderApp, storeSession } from '../../helpers'

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
