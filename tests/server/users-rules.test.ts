/**
 * The rules of the users calls beyond their shapes: who may change what,
 * passwords (and the sessions they end), unique emails, and deleting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../src/domain/errors'
import { startTestServer, type TestServer, type TestUser } from './helpers'

let server: TestServer
let admin: TestUser
let adminCookie: string

beforeAll(async () => {
  server = await startTestServer()
  ;({ user: admin, cookie: adminCookie } = await server.signIn({ role: 'admin' }))
})
afterAll(() => server?.close())

const api = (cookie: string | undefined, method: string, url: string, payload?: unknown) =>
  server.request(cookie, { method: method as 'GET', url, payload: payload as object })
const contacts = (cookie: string) => api(cookie, 'GET', '/api/contacts')

describe('roles', () => {
  it('only an Admin changes a role, and never their own', async () => {
    const { user, cookie } = await server.signIn()
    const self = await api(cookie, 'PUT', `/api/users/${user.id}`, { role: 'admin' })
    expect(self.statusCode).toBe(403)
    expect(self.json().errors[0].message).toBe('Only an Admin can change a role.')
    // Echoing the role as answered (unchanged) is fine.
    const echo = await api(cookie, 'PUT', `/api/users/${user.id}`, {
      role: { id: 'user', roleName: 'User' },
      city: 'Bath',
    })
    expect(echo.statusCode).toBe(200)
    const own = await api(adminCookie, 'PATCH', `/api/users/${admin.id}`, { role: 'user' })
    expect(own.json().errors[0].message).toBe('You cannot change your own role.')
    const promoted = await api(adminCookie, 'PATCH', `/api/users/${user.id}`, { role: 'admin' })
    expect(promoted.json().doc.role).toEqual({ id: 'admin', roleName: 'Admin' })
    // The promotion holds at once for the user's existing session.
    expect((await api(cookie, 'GET', '/api/users')).statusCode).toBe(200)
  })

  it('a User reads and edits only their own account', async () => {
    const { cookie } = await server.signIn()
    const other = await server.createUser()
    expect((await api(cookie, 'GET', `/api/users/${other.id}`)).statusCode).toBe(403)
    expect((await api(cookie, 'PUT', `/api/users/${other.id}`, { city: 'X' })).json().errors[0].message).toBe(
      messages.forbidden,
    )
    expect((await api(cookie, 'GET', '/api/users/6f1c1c3e-8a4b-4c8e-9d3f-1a2b3c4d5e6f')).statusCode).toBe(403)
    expect(
      (await api(adminCookie, 'GET', '/api/users/6f1c1c3e-8a4b-4c8e-9d3f-1a2b3c4d5e6f')).statusCode,
    ).toBe(404)
  })
})

describe('passwords', () => {
  it("changing one's own password takes the current one and ends every other session", async () => {
    const { user, cookie } = await server.signIn()
    const elsewhere = await server.login(user.email, user.password)
    const missing = await api(cookie, 'PUT', `/api/users/${user.id}`, { password: 'brand-new-1' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors[0].data).toEqual([
      { field: 'currentPassword', message: 'The current password is incorrect.' },
    ])
    const changed = await api(cookie, 'PUT', `/api/users/${user.id}`, {
      password: 'brand-new-1',
      currentPassword: user.password,
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await contacts(cookie)).statusCode).toBe(200)
    expect((await contacts(elsewhere)).statusCode).toBe(401)
    await server.login(user.email, 'brand-new-1')
    await expect(server.login(user.email, user.password)).rejects.toThrow(/401/)
  })

  it("an Admin sets anyone's password without the current one, ending all their sessions", async () => {
    const { user, cookie } = await server.signIn()
    const response = await api(adminCookie, 'PATCH', `/api/users/${user.id}`, { password: 'set-by-admin' })
    expect(response.statusCode).toBe(200)
    expect((await contacts(cookie)).statusCode).toBe(401)
    expect((await contacts(adminCookie)).statusCode).toBe(200)
    await server.login(user.email, 'set-by-admin')
  })

  it('refuses a password under 5 characters', async () => {
    const response = await api(adminCookie, 'POST', '/api/users', {
      email: 'short@pw.example',
      password: '1234',
    })
    expect(response.json().errors[0].data).toEqual([
      { field: 'password', message: 'Must be at least 5 characters.' },
    ])
  })
})

describe('accounts', () => {
  it('emails are unique, case-insensitively, on create and update', async () => {
    const taken = await server.createUser({ email: 'taken@unique.example' })
    const create = await api(adminCookie, 'POST', '/api/users', {
      email: 'TAKEN@unique.example',
      password: 'secret-1',
    })
    expect(create.statusCode).toBe(400)
    expect(create.json().errors[0].data).toEqual([
      { field: 'email', message: 'A user with this email already exists.' },
    ])
    const other = await server.createUser()
    const update = await api(adminCookie, 'PATCH', `/api/users/${other.id}`, { email: taken.email })
    expect(update.statusCode).toBe(400)
    expect(
      (await api(adminCookie, 'PATCH', `/api/users/${taken.id}`, { email: taken.email })).statusCode,
    ).toBe(200)
  })

  it('nobody deletes themself; deleting a user ends their sessions and keeps the records they made', async () => {
    const self = await api(adminCookie, 'DELETE', `/api/users/${admin.id}`)
    expect(self.statusCode).toBe(403)
    expect(self.json().errors[0].message).toBe('You cannot delete your own account.')
    const { user, cookie } = await server.signIn()
    const made = (await api(cookie, 'POST', '/api/contacts', { firstName: 'Stays' })).json().doc
    expect((await api(adminCookie, 'DELETE', `/api/users/${user.id}`)).statusCode).toBe(200)
    expect((await contacts(cookie)).statusCode).toBe(401)
    expect((await api(adminCookie, 'GET', `/api/contacts/${made.id}`)).json().firstName).toBe('Stays')
    expect((await api(adminCookie, 'DELETE', `/api/users/${user.id}`)).statusCode).toBe(404)
  })

  it('GET users queries profile fields (like on username) and never the password hash', async () => {
    const user = await server.createUser({ firstName: 'Quinn' })
    await api(adminCookie, 'PATCH', `/api/users/${user.id}`, { username: 'quinn-the-eskimo' })
    const found = (await api(adminCookie, 'GET', '/api/users?where[username][like]=eskimo')).json()
    expect(found.docs.map((d: { id: string }) => d.id)).toEqual([user.id])
    const probe = await api(adminCookie, 'GET', '/api/users?where[passwordHash][like]=scrypt')
    expect(probe.statusCode).toBe(400)
    expect(probe.json().errors[0].name).toBe('QueryError')
  })
})
