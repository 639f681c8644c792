/** My Profile: the card, the form's rules, a save that the sidebar follows, the password, and offline honesty. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { type ApiRequest, type ApiResponse, NetworkError } from '../../src/transport/http'
import { currentPath, makeRuntime, renderApp, storeSession, testUser } from './helpers'

const me = {
  id: testUser.id,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  company: 'Analytical Engines',
  address: '',
  city: 'London',
  country: '',
  postalCode: '',
  aboutMe: '',
  role: { id: 'user', roleName: 'User' },
  userImage: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

function profileServer() {
  const requests: ApiRequest[] = []
  const transport = async (request: ApiRequest): Promise<ApiResponse> => {
    requests.push(request)
    if (request.method === 'GET') return { status: 200, headers: {}, body: me }
    const body = request.body as Record<string, unknown>
    if (body.currentPassword === 'wrong')
      return {
        status: 400,
        headers: {},
        body: {
          errors: [
            {
              name: 'ValidationError',
              title: 'x',
              message: 'x',
              data: [{ field: 'currentPassword', message: 'The current password is incorrect.' }],
            },
          ],
        },
      }
    const { currentPassword: _, ...patch } = body
    return {
      status: 200,
      headers: {},
      body: { doc: { ...me, ...patch, updatedAt: '2026-02-01T00:00:00.000Z' } },
    }
  }
  return { requests, transport }
}

describe('My Profile', () => {
  it('is where /users leads', async () => {
    storeSession()
    const { router } = renderApp('/users', { runtime: makeRuntime(testUser, profileServer().transport) })
    await waitFor(() => expect(currentPath(router)).toBe('/users/me'))
    await screen.findByRole('heading', { level: 1, name: 'My Profile' })
  })

  it('checks the names and the email under their fields, then saves only what changed; the sidebar follows', async () => {
    storeSession()
    const { requests, transport } = profileServer()
    renderApp('/users/me', { runtime: makeRuntime(testUser, transport) })
    const first = await screen.findByLabelText('First Name')
    expect(screen.getByLabelText('Company')).toHaveProperty('disabled', true)
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }))
    // 'Ada' is shorter than the 5 characters the rules ask for.
    expect(await screen.findByText('Must be at least 5 characters.')).toBeTruthy()
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0)

    fireEvent.change(first, { target: { value: 'Augusta' } })
    fireEvent.change(screen.getByLabelText('Postal Code'), { target: { value: 'N1 9GU' } })
    expect(screen.getByText('Must be a number.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Postal Code'), { target: { value: '10115' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }))
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true))
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      firstName: 'Augusta',
      postalCode: '10115',
    })
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' })
    await within(sidebar).findByText('Augusta Lovelace')
  })

  it('asks for the current password to change the email, and shows the refusal under it', async () => {
    storeSession()
    const { transport } = profileServer()
    renderApp('/users/me', { runtime: makeRuntime(testUser, transport) })
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'not an email' } })
    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Augusta' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }))
    expect(await screen.findByText('Must be a valid email address.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'augusta@example.com' } })
    expect(screen.getByText('This field is required.')).toBeTruthy()
    const form = screen.getByRole('form', { name: 'Edit Profile' })
    fireEvent.change(within(form).getByLabelText('Current Password'), { target: { value: 'wrong' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }))
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy()
  })

  it('changes the password with the current one, after checking the two new ones agree', async () => {
    storeSession()
    const { requests, transport } = profileServer()
    renderApp('/users/me', { runtime: makeRuntime(testUser, transport) })
    const form = await screen.findByRole('form', { name: 'Change password' })
    fireEvent.change(within(form).getByLabelText('Current Password'), { target: { value: 'secret1' } })
    fireEvent.change(within(form).getByLabelText('New Password'), { target: { value: 'secret22' } })
    fireEvent.change(within(form).getByLabelText('Confirm New Password'), { target: { value: 'secret23' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Change Password' }))
    expect(await within(form).findByText('Must match the password.')).toBeTruthy()
    fireEvent.change(within(form).getByLabelText('Confirm New Password'), { target: { value: 'secret22' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Change Password' }))
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
        currentPassword: 'secret1',
        password: 'secret22',
      }),
    )
  })

  it('offline, still shows who is signed in and says why the form is not there', async () => {
    storeSession()
    const runtime = makeRuntime(testUser, async () => {
      throw new NetworkError('offline')
    })
    renderApp('/users/me', { runtime })
    expect(
      await screen.findByText(
        'You are offline. Your profile is kept on the server, so editing it needs a connection.',
      ),
    ).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Update Profile' })).toBeNull()
  })
})
