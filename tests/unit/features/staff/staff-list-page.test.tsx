/** Staff administration: Admins only, read and written on the server, saying so plainly when offline. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { staffWhere } from '../../../../src/domain/user'
import { generatePassword } from '../../../../src/features/staff/generate-password'
import { STAFF_OFFLINE_TEXT } from '../../../../src/sync/user-calls'
import type { ApiRequest, ApiResponse } from '../../../../src/transport/http'
import { NetworkError } from '../../../../src/transport/http'
import { currentPath, makeRuntime, renderApp, storeSession, testUser } from '../../helpers'

const admin = { ...testUser, role: 'Admin' as const }

function member(id: string, firstName: string, lastName: string, role: 'admin' | 'user' = 'user') {
  return {
    id,
    email: `${firstName.toLowerCase()}@example.com`,
    firstName,
    lastName,
    username: '',
    company: '',
    address: '',
    city: '',
    country: '',
    postalCode: '',
    aboutMe: '',
    role: { id: role, roleName: role === 'admin' ? ('Admin' as const) : ('User' as const) },
    userImage: null,
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  }
}

const staffList = [member(admin.id, 'Ada', 'Lovelace', 'admin'), member('u2', 'Grace', 'Hopper')]

/** A server for the staff calls that records what it was asked. */
function staffServer() {
  const requests: ApiRequest[] = []
  const transport = async (request: ApiRequest): Promise<ApiResponse> => {
    requests.push(request)
    const ok = (body: unknown, status = 200) => ({ status, headers: {}, body })
    if (request.method === 'GET' && request.path === 'users')
      return ok({ docs: staffList, totalDocs: 2, limit: 10, totalPages: 1, page: 1 })
    if (request.method === 'GET' && request.path === 'users/u2') return ok(staffList[1])
    if (request.method === 'GET' && request.path === `users/${admin.id}`) return ok(staffList[0])
    if (request.method === 'POST' && request.path === 'users')
      return ok({ doc: { ...member('u3', 'Alan', 'Turing'), ...(request.body as object) } }, 201)
    const edited = staffList.find((one) => request.path === `users/${one.id}`)
    if (request.method === 'PUT' && edited)
      return ok({
        doc: { ...edited, ...(request.body as object), version: 2, updatedAt: '2026-02-01T00:00:00.000Z' },
      })
    return ok({}, 404)
  }
  return { requests, transport }
}

describe('staff administration', () => {
  it('is not there for a User: no Admin group, and its path is the 404 page', async () => {
    storeSession()
    renderApp('/admin/users')
    await screen.findByText('Oops! It seems that this page does not exist.')
    storeSession()
    const other = renderApp('/contacts/list')
    await other.findByRole('link', { name: 'Contacts' })
    expect(other.queryByRole('button', { name: 'Admin' })).toBeNull()
  })

  it('lists the staff for an Admin, with the Admin group open on it', async () => {
    storeSession(admin)
    const { requests, transport } = staffServer()
    renderApp('/admin/users', { runtime: makeRuntime(admin, transport) })
    const table = await screen.findByRole('table', { name: 'All Users' })
    await within(table).findByText('Grace Hopper')
    expect(within(table).getByText('Ada Lovelace')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Admin' }).getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page')
    // Nobody deletes themself.
    expect(screen.getByRole('button', { name: 'Delete Ada Lovelace' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'Delete Grace Hopper' })).toHaveProperty('disabled', false)
    expect(requests[0]).toMatchObject({ path: 'users', query: { page: { number: 1, size: 10 } } })
  })

  it('says plainly that it needs a connection when offline, and tries again on request', async () => {
    storeSession(admin)
    let offline = true
    const { transport } = staffServer()
    const runtime = makeRuntime(admin, async (request) => {
      if (offline) throw new NetworkError('offline')
      return transport(request)
    })
    renderApp('/admin/users', { runtime })
    expect(await screen.findByText(new RegExp(STAFF_OFFLINE_TEXT.replace('.', '\\.')))).toBeTruthy()
    offline = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Grace Hopper')).toBeTruthy()
    expect(screen.queryByText(/Staff administration needs a connection/)).toBeNull()
  })

  it('adds a member with a generated password, shown once to hand over', async () => {
    storeSession(admin)
    const { requests, transport } = staffServer()
    renderApp('/admin/users/add', { runtime: makeRuntime(admin, transport) })
    fireEvent.change(await screen.findByLabelText('First Name'), { target: { value: 'Alan' } })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'alan@example.com' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save User' }))
    expect(await screen.findByText('Must be at least 8 characters.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
    const password = (screen.getByLabelText('Password') as HTMLInputElement).value
    expect(password).toHaveLength(14)
    fireEvent.click(screen.getByRole('button', { name: 'Save User' }))
    await screen.findByText('Give alan@example.com this password. It is shown only once.')
    expect(screen.getByText(password)).toBeTruthy()
    const create = requests.find((request) => request.method === 'POST')
    expect(create?.body).toMatchObject({
      firstName: 'Alan',
      email: 'alan@example.com',
      role: 'user',
      password,
    })
    expect(create?.headers?.['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("edits a member's role, sending only what changed", async () => {
    storeSession(admin)
    const { requests, transport } = staffServer()
    renderApp('/admin/users/edit/u2', { runtime: makeRuntime(admin, transport) })
    const role = await screen.findByLabelText('Role')
    fireEvent.change(role, { target: { value: 'admin' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update User' }))
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true))
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ role: 'admin' })
  })

  it('an Admin editing their own account here finds it on My Profile and in the sidebar at once', async () => {
    storeSession(admin)
    const { transport } = staffServer()
    const runtime = makeRuntime(admin, transport)
    await runtime.db.users.put(staffList[0] as never)
    renderApp(`/admin/users/edit/${admin.id}`, { runtime })
    fireEvent.change(await screen.findByLabelText('First Name'), { target: { value: 'Augusta' } })
    fireEvent.click(screen.getByRole('button', { name: 'Update User' }))
    await waitFor(async () =>
      expect(await runtime.db.users.get(admin.id)).toMatchObject({ firstName: 'Augusta', version: 2 }),
    )
    await within(screen.getByRole('complementary', { name: 'Sidebar' })).findByText('Augusta Lovelace')
  })

  it('searches every word across name and email', () => {
    expect(staffWhere('  ')).toBeUndefined()
    expect(staffWhere('Ada love')).toEqual({
      and: [
        { or: [{ firstName: { like: 'ada' } }, { lastName: { like: 'ada' } }, { email: { like: 'ada' } }] },
        {
          or: [{ firstName: { like: 'love' } }, { lastName: { like: 'love' } }, { email: { like: 'love' } }],
        },
      ],
    })
  })

  it('generates passwords with no look-alike characters', () => {
    const passwords = Array.from({ length: 50 }, () => generatePassword())
    for (const password of passwords) expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{14}$/)
    expect(new Set(passwords).size).toBe(50)
  })

  it("deletes a member on the server after asking, and says so; a refusal is said in the server's words", async () => {
    storeSession(admin)
    const { requests, transport } = staffServer()
    let refuse = false
    const deleting = async (request: ApiRequest): Promise<ApiResponse> => {
      if (request.method !== 'DELETE') return transport(request)
      requests.push(request)
      return refuse
        ? {
            status: 403,
            headers: {},
            body: {
              errors: [
                { name: 'Forbidden', title: 'x', message: 'You are not allowed to perform this action.' },
              ],
            },
          }
        : { status: 200, headers: {}, body: { message: 'Deleted successfully.' } }
    }
    renderApp('/admin/users', { runtime: makeRuntime(admin, deleting) })
    const table = await screen.findByRole('table', { name: 'All Users' })
    fireEvent.click(await within(table).findByRole('button', { name: 'Delete Grace Hopper' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete Grace Hopper?' })
    expect(within(dialog).getByText('You will not be able to recover this user!')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete!' }))
    await screen.findByText('Grace Hopper has been deleted.')
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      'users/u2',
    ])

    refuse = true
    fireEvent.click(within(table).getByRole('button', { name: 'Delete Grace Hopper' }))
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete Grace Hopper?' })).getByRole('button', {
        name: 'Yes, delete!',
      }),
    )
    await screen.findByText('You are not allowed to perform this action.')
  })

  it('deleting a member from their page with unsaved edits goes to the list without asking to leave', async () => {
    storeSession(admin)
    const { transport } = staffServer()
    const deleting = async (request: ApiRequest): Promise<ApiResponse> =>
      request.method === 'DELETE'
        ? { status: 200, headers: {}, body: { message: 'Deleted successfully.' } }
        : transport(request)
    const { router } = renderApp('/admin/users/edit/u2', { runtime: makeRuntime(admin, deleting) })
    fireEvent.change(await screen.findByLabelText('Last Name'), { target: { value: 'Hopper-Murray' } })
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete Grace Hopper?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete!' }))
    await screen.findByText('Grace Hopper has been deleted.')
    await waitFor(() => expect(currentPath(router)).toBe('/admin/users'))
    expect(screen.queryByText('Leave without saving?')).toBeNull()
  })
})
