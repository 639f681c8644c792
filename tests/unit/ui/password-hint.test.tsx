/**
 * Every form that sets a new password (adding a member of staff, an Admin's
 * reset, My Profile's change, Register) says the rule under the field before
 * anything is sent, checks the length itself, and shows the server's refusal
 * of a common password under the field, keeping what was typed.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PASSWORD_HINT } from '../../../src/domain/user'
import { registerAccount } from '../../../src/session/register'
import type { SyncRuntime } from '../../../src/sync/runtime'
import type { ApiRequest, ApiResponse } from '../../../src/transport/http'
import { fakeTransport, makeRuntime, renderApp, storeSession, testUser } from '../helpers'

const TOO_SHORT = 'Must be at least 8 characters.'
const TOO_COMMON = 'This password is too common. Choose another.'
const COMMON = 'Sunshine1'

const admin = { ...testUser, role: 'Admin' as const }
const member = {
  id: 'u2',
  email: 'grace@example.com',
  firstName: 'Grace',
  lastName: 'Hopper',
  username: '',
  company: '',
  address: '',
  city: '',
  country: '',
  postalCode: '',
  aboutMe: '',
  role: { id: 'user' as const, roleName: 'User' as const },
  userImage: null,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

/** The server's answer to a common password: a ValidationError on the field. */
const tooCommon = (): ApiResponse => ({
  status: 400,
  headers: {},
  body: {
    errors: [
      {
        name: 'ValidationError',
        title: 'The following field is invalid: password',
        message: 'The following field is invalid: password',
        data: [{ field: 'password', message: TOO_COMMON }],
      },
    ],
  },
})

/** A users server that refuses COMMON as any new password, and records what it was sent. */
function usersServer() {
  const sent: ApiRequest[] = []
  const transport = async (request: ApiRequest): Promise<ApiResponse> => {
    const body = (request.body ?? {}) as Record<string, unknown>
    if (request.method === 'GET' && request.path === 'users/u2')
      return { status: 200, headers: {}, body: member }
    sent.push(request)
    if (body.password === COMMON) return tooCommon()
    return { status: 200, headers: {}, body: { doc: { ...member, ...body, version: 2 } } }
  }
  return { sent, transport }
}

/** The password field and the hint that describes it. */
function expectHint(field: HTMLElement) {
  const hint = screen
    .getAllByText(PASSWORD_HINT)
    .find((node) => node.id === field.getAttribute('aria-describedby'))
  expect(hint, 'the field is described by the hint').toBeTruthy()
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } })

let runtime: SyncRuntime | undefined
afterEach(() => runtime?.db.delete())

describe('adding a member of staff', () => {
  it('says the rule, checks the length before sending, and shows a common-password refusal under the field', async () => {
    storeSession(admin)
    const { sent, transport } = usersServer()
    runtime = makeRuntime(admin, transport)
    renderApp('/admin/users/add', { runtime })
    type(await screen.findByLabelText('First Name'), 'Alan')
    type(screen.getByLabelText('Email'), 'alan@example.com')
    const password = screen.getByLabelText('Password')
    expectHint(password)

    type(password, 'abc1234')
    fireEvent.click(screen.getByRole('button', { name: 'Save User' }))
    expect(await screen.findByText(TOO_SHORT)).toBeTruthy()
    expect(sent).toEqual([])

    type(password, COMMON)
    fireEvent.click(screen.getByRole('button', { name: 'Save User' }))
    expect(await screen.findByText(TOO_COMMON)).toBeTruthy()
    expect(password.getAttribute('aria-invalid')).toBe('true')
    expect(sent).toHaveLength(1)
    // Nothing typed is lost, and no password is handed over.
    expect(screen.getByLabelText('Password')).toHaveProperty('value', COMMON)
    expect(screen.getByLabelText('First Name')).toHaveProperty('value', 'Alan')
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'alan@example.com')
    expect(screen.queryByText(/It is shown only once/)).toBeNull()
  })
})

describe("an Admin's reset of a password", () => {
  it('says the rule, checks the length before sending, and shows a common-password refusal under the field', async () => {
    storeSession(admin)
    const { sent, transport } = usersServer()
    runtime = makeRuntime(admin, transport)
    renderApp('/admin/users/edit/u2', { runtime })
    const form = (await screen.findByRole('heading', { name: 'Reset the password' })).closest(
      'form',
    ) as HTMLElement
    const password = within(form).getByLabelText('New Password')
    expectHint(password)

    type(password, 'abc1234')
    fireEvent.click(within(form).getByRole('button', { name: 'Reset Password' }))
    expect(await within(form).findByText(TOO_SHORT)).toBeTruthy()
    expect(sent).toEqual([])

    type(password, COMMON)
    fireEvent.click(within(form).getByRole('button', { name: 'Reset Password' }))
    expect(await within(form).findByText(TOO_COMMON)).toBeTruthy()
    expect(sent.map((request) => request.body)).toEqual([{ password: COMMON }])
    expect(within(form).getByLabelText('New Password')).toHaveProperty('value', COMMON)
  })
})

describe("My Profile's password change", () => {
  it('says the rule, checks the length before sending, and shows a common-password refusal under the field', async () => {
    storeSession()
    const { sent, transport } = usersServer()
    runtime = makeRuntime(testUser, transport)
    await runtime.db.users.put({ ...member, id: testUser.id })
    renderApp('/users/me', { runtime })
    const form = await screen.findByRole('form', { name: 'Change password' })
    const password = within(form).getByLabelText('New Password')
    expectHint(password)
    type(within(form).getByLabelText('Current Password'), 'old-one')

    type(password, 'abc1234')
    type(within(form).getByLabelText('Confirm New Password'), 'abc1234')
    fireEvent.click(within(form).getByRole('button', { name: 'Change Password' }))
    expect(await within(form).findByText(TOO_SHORT)).toBeTruthy()
    expect(sent).toEqual([])

    type(password, COMMON)
    type(within(form).getByLabelText('Confirm New Password'), COMMON)
    fireEvent.click(within(form).getByRole('button', { name: 'Change Password' }))
    expect(await within(form).findByText(TOO_COMMON)).toBeTruthy()
    expect(sent.map((request) => request.body)).toEqual([{ currentPassword: 'old-one', password: COMMON }])
    expect(within(form).getByLabelText('Current Password')).toHaveProperty('value', 'old-one')
    expect(within(form).getByLabelText('New Password')).toHaveProperty('value', COMMON)
    expect(within(form).getByLabelText('Confirm New Password')).toHaveProperty('value', COMMON)
  })
})

describe('Register', () => {
  it('says the rule, checks the length before sending, and shows a common-password refusal under the field', async () => {
    const transport = fakeTransport(() => tooCommon())
    renderApp('/register', { context: { register: (details) => registerAccount(details, { transport }) } })
    const password = await screen.findByLabelText('Password')
    expectHint(password)
    type(screen.getByLabelText('Email'), 'new@example.com')

    type(password, 'abc1234')
    type(screen.getByLabelText('Confirm Password'), 'abc1234')
    fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByText(TOO_SHORT)).toBeTruthy()
    expect(transport).not.toHaveBeenCalled()

    type(password, COMMON)
    type(screen.getByLabelText('Confirm Password'), COMMON)
    fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByText(TOO_COMMON)).toBeTruthy()
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Register' })).toHaveProperty('disabled', false),
    )
    expect(transport).toHaveBeenCalledTimes(1)
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'new@example.com')
    expect(screen.getByLabelText('Password')).toHaveProperty('value', COMMON)
    expect(screen.getByLabelText('Confirm Password')).toHaveProperty('value', COMMON)
  })
})
