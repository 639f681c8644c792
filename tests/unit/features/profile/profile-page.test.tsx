/**
 * My Profile: the card, the form's rules, a save written on the device and
 * queued (the sidebar follows), the email that needs the server, the
 * password, a photo kept on the device, and a refusal shown under its field.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { OutboxOp } from '../../../../src/db/outbox-types'
import type { Account } from '../../../../src/domain/user'
import { EMAIL_OFFLINE_TEXT } from '../../../../src/features/profile/profile-form'
import { type ApiRequest, type ApiResponse, NetworkError } from '../../../../src/transport/http'
import { currentPath, makeRuntime, renderApp, storeSession, type TestRuntime, testUser } from '../../helpers'

const me: Account = {
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
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

const refusal = (field: string, message: string) => ({
  errors: [{ name: 'ValidationError', title: 'x', message: 'x', data: [{ field, message }] }],
})

/** The server of the calls that need it (the email and the password); the rest must not reach it. */
function accountServer() {
  const requests: ApiRequest[] = []
  const transport = async (request: ApiRequest): Promise<ApiResponse> => {
    requests.push(request)
    const body = request.body as Record<string, unknown>
    if (body.currentPassword === 'wrong')
      return {
        status: 400,
        headers: {},
        body: refusal('currentPassword', 'The current password is incorrect.'),
      }
    const { currentPassword: _, ...patch } = body
    return { status: 200, headers: {}, body: { doc: { ...me, ...patch, version: me.version + 1 } } }
  }
  return { requests, transport }
}

let runtime: TestRuntime
const open = async (transport = accountServer().transport, account: Account | null = me) => {
  storeSession()
  runtime = makeRuntime(testUser, transport)
  if (account) await runtime.db.users.put(account)
  return renderApp('/users/me', { runtime })
}
const queued = () => runtime.db.outbox.toArray()

beforeEach(() => {
  URL.createObjectURL = () => 'blob:local-copy'
  URL.revokeObjectURL = () => {}
})
afterEach(() => runtime?.db.delete())

describe('My Profile', () => {
  it('is where /users leads', async () => {
    const { router } = await open()
    await waitFor(() => expect(currentPath(router)).toBe('/users/me'))
    await screen.findByRole('heading', { level: 1, name: 'My Profile' })
  })

  it('checks the rules under the fields, then saves on the device what changed, queued; the sidebar follows', async () => {
    const { requests, transport } = accountServer()
    await open(transport)
    const first = await screen.findByLabelText('First Name')
    expect(screen.getByLabelText('Company')).toHaveProperty('disabled', true)
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }))
    // 'Ada' is shorter than the 5 characters the rules ask for.
    expect(await screen.findByText('Must be at least 5 characters.')).toBeTruthy()
    expect(await queued()).toEqual([])

    fireEvent.change(first, { target: { value: 'Augusta' } })
    fireEvent.change(screen.getByLabelText('Postal Code'), { target: { value: 'N1 9GU' } })
    expect(screen.getByText('Must be a number.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Postal Code'), { target: { value: '10115' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }))
    await waitFor(async () => expect(await queued()).toHaveLength(1))
    const [op] = await queued()
    expect(op).toMatchObject({
      collection: 'users',
      recordId: me.id,
      kind: 'update',
      patch: { firstName: 'Augusta', postalCode: '10115' },
      base: { firstName: 'Ada', postalCode: '' },
      baseVersion: 3,
    })
    expect(await runtime.db.users.get(me.id)).toMatchObject({ firstName: 'Augusta', postalCode: '10115' })
    expect(runtime.afterWrite).toHaveBeenCalled()
    expect(requests).toEqual([])
    expect(await screen.findByText('Changes not synced yet')).toBeTruthy()
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' })
    await within(sidebar).findByText('Augusta Lovelace')
  })

  it('keeps what is typed on the device, and a reopened form offers it back', async () => {
    const first = await open()
    fireEvent.change(await screen.findByLabelText('City'), { target: { value: 'Marylebone' } })
    await waitFor(async () =>
      expect((await runtime.db.drafts.get(`profile:${me.id}`))?.edits).toEqual({ city: 'Marylebone' }),
    )
    first.unmount()

    renderApp('/users/me', { runtime })
    expect(await screen.findByText(/^Your unsaved changes from .+ are back\.$/)).toBeTruthy()
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Marylebone')
    expect(await queued()).toEqual([])
  })

  it('saves offline too: the device needs no network for it', async () => {
    await open(async () => {
      throw new NetworkError('offline')
    })
    fireEvent.change(await screen.findByLabelText('First Name'), { target: { value: 'Augusta' } })
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: 'King-Noel' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }))
    await waitFor(async () =>
      expect((await queued())[0]?.patch).toEqual({ firstName: 'Augusta', lastName: 'King-Noel' }),
    )
    expect(await screen.findByText('Your profile has been updated successfully.')).toBeTruthy()
  })

  it('asks for the current password to change the email, shows the refusal under it, then saves on the server', async () => {
    const { requests, transport } = accountServer()
    await open(transport)
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
    fireEvent.change(within(form).getByLabelText('Current Password'), { target: { value: 'secret1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }))
    await waitFor(async () =>
      expect(await runtime.db.users.get(me.id)).toMatchObject({ email: 'augusta@example.com', version: 4 }),
    )
    expect(requests.at(-1)).toMatchObject({
      method: 'PUT',
      body: { email: 'augusta@example.com', firstName: 'Augusta', currentPassword: 'secret1' },
    })
    // The password never waits on the device.
    expect(await queued()).toEqual([])
  })

  it('offline, a new email is kept in the form with a plain reason, and nothing is queued', async () => {
    await open(async () => {
      throw new NetworkError('offline')
    })
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'augusta@example.com' } })
    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Augusta' } })
    const form = screen.getByRole('form', { name: 'Edit Profile' })
    fireEvent.change(within(form).getByLabelText('Current Password'), { target: { value: 'secret1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }))
    expect(await screen.findByText(EMAIL_OFFLINE_TEXT)).toBeTruthy()
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'augusta@example.com')
    expect(await queued()).toEqual([])
  })

  it('shows a refusal of the queued save under its field, with the sync issue above the form', async () => {
    storeSession()
    runtime = makeRuntime(testUser, accountServer().transport)
    await runtime.db.users.put({ ...me, postalCode: '99999999999' })
    const op: OutboxOp = {
      opId: 'op-1',
      userId: me.id,
      collection: 'users',
      recordId: me.id,
      kind: 'update',
      patch: { postalCode: '99999999999' },
      base: { postalCode: '' },
      baseVersion: 3,
      deps: [],
      status: 'failed',
      attempts: 1,
      nextAttemptAt: 0,
      createdAt: Date.now(),
      lastError: { status: 400, message: 'x', body: refusal('postalCode', 'Must be a number.') as never },
    }
    await runtime.db.outbox.add(op)
    renderApp('/users/me', { runtime })
    expect(await screen.findByText('Must be a number.')).toBeTruthy()
    expect(screen.getByText('Changes not saved on the server')).toBeTruthy()
  })

  it('keeps a new photo on the device and queues its upload before the profile that points at it', async () => {
    await open()
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' })
    fireEvent.change(await screen.findByTestId('photo-input'), { target: { files: [file] } })
    await waitFor(async () => expect(await queued()).toHaveLength(2))
    const [upload, update] = await queued()
    expect(upload).toMatchObject({ collection: 'users', kind: 'upload', patch: { kind: 'user-image' } })
    expect(update).toMatchObject({ kind: 'update', deps: [upload?.opId] })
    expect(await runtime.db.images.get(upload?.recordId as string)).toMatchObject({ filename: 'me.png' })
    const card = screen.getByRole('region', { name: 'Ada Lovelace' })
    await waitFor(() => expect(card.querySelector('img')?.getAttribute('src')).toBe('blob:local-copy'))
    expect(await screen.findByText('Your photo has been changed.')).toBeTruthy()
  })

  it('before the first sync has brought the account, shows who is signed in and says when the form comes', async () => {
    await open(accountServer().transport, null)
    expect(await screen.findByText('Your profile is being brought to this device…')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Update Profile' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Change photo' })).toBeNull()
  })

  it('changes the password with the current one, after checking the two new ones agree', async () => {
    const { requests, transport } = accountServer()
    await open(transport)
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
})
