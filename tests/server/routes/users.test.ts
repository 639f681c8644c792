/**
 * The rules of the users calls beyond their shapes: who may change what,
 * passwords (and the sessions they end), unique emails, and deleting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '../../../src/domain/errors'
import { callApi, startTestServer, type TestServer, type TestUser } from '../helpers'
import { imageForm, png } from '../image-fixtures'

let server: TestServer
let admin: TestUser
let adminCookie: string

beforeAll(async () => {
  server = await startTestServer()
  ;({ user: admin, cookie: adminCookie } = await server.signIn({ role: 'admin' }))
})
afterAll(() => server?.close())

const contacts = (cookie: string) => callApi(server, cookie, 'GET', '/api/contacts')

describe('roles', () => {
  it('only an Admin changes a role, and never their own', async () => {
    const { user, cookie } = await server.signIn()
    const self = await callApi(server, cookie, 'PUT', `/api/users/${user.id}`, { role: 'admin' })
    expect(self.statusCode).toBe(403)
    expect(self.json().errors[0].message).toBe('Only an Admin can change a role.')
    // Echoing the role as answered (unchanged) is fine.
    const echo = await callApi(server, cookie, 'PUT', `/api/users/${user.id}`, {
      role: { id: 'user', roleName: 'User' },
      city: 'Bath',
    })
    expect(echo.statusCode).toBe(200)
    const own = await callApi(server, adminCookie, 'PATCH', `/api/users/${admin.id}`, { role: 'user' })
    expect(own.json().errors[0].message).toBe('You cannot change your own role.')
    const promoted = await callApi(server, adminCookie, 'PATCH', `/api/users/${user.id}`, { role: 'admin' })
    expect(promoted.json().doc.role).toEqual({ id: 'admin', roleName: 'Admin' })
    // The promotion holds at once for the user's existing session.
    expect((await callApi(server, cookie, 'GET', '/api/users')).statusCode).toBe(200)
  })

  it('a User reads and edits only their own account', async () => {
    const { cookie } = await server.signIn()
    const other = await server.createUser()
    expect((await callApi(server, cookie, 'GET', `/api/users/${other.id}`)).statusCode).toBe(403)
    expect(
      (await callApi(server, cookie, 'PUT', `/api/users/${other.id}`, { city: 'X' })).json().errors[0]
        .message,
    ).toBe(messages.forbidden)
    expect(
      (await callApi(server, cookie, 'GET', '/api/users/6f1c1c3e-8a4b-4c8e-9d3f-1a2b3c4d5e6f')).statusCode,
    ).toBe(403)
    expect(
      (await callApi(server, adminCookie, 'GET', '/api/users/6f1c1c3e-8a4b-4c8e-9d3f-1a2b3c4d5e6f'))
        .statusCode,
    ).toBe(404)
  })
})

describe('passwords', () => {
  it("changing one's own password takes the current one and ends every other session", async () => {
    const { user, cookie } = await server.signIn()
    const elsewhere = await server.login(user.email, user.password)
    const missing = await callApi(server, cookie, 'PUT', `/api/users/${user.id}`, { password: 'brand-new-1' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors[0].data).toEqual([
      { field: 'currentPassword', message: 'The current password is incorrect.' },
    ])
    const changed = await callApi(server, cookie, 'PUT', `/api/users/${user.id}`, {
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
    const response = await callApi(server, adminCookie, 'PATCH', `/api/users/${user.id}`, {
      password: 'set-by-admin',
    })
    expect(response.statusCode).toBe(200)
    expect((await contacts(cookie)).statusCode).toBe(401)
    expect((await contacts(adminCookie)).statusCode).toBe(200)
    await server.login(user.email, 'set-by-admin')
  })

  it('refuses a password under 8 characters', async () => {
    const response = await callApi(server, adminCookie, 'POST', '/api/users', {
      email: 'short@pw.example',
      password: '1234567',
    })
    expect(response.json().errors[0].data).toEqual([
      { field: 'password', message: 'Must be at least 8 characters.' },
    ])
  })
})

describe('accounts', () => {
  it('emails are unique, case-insensitively, on create and update', async () => {
    const taken = await server.createUser({ email: 'taken@unique.example' })
    const create = await callApi(server, adminCookie, 'POST', '/api/users', {
      email: 'TAKEN@unique.example',
      password: 'secret-1',
    })
    expect(create.statusCode).toBe(400)
    expect(create.json().errors[0].data).toEqual([
      { field: 'email', message: 'A user with this email already exists.' },
    ])
    const other = await server.createUser()
    const update = await callApi(server, adminCookie, 'PATCH', `/api/users/${other.id}`, {
      email: taken.email,
    })
    expect(update.statusCode).toBe(400)
    expect(
      (await callApi(server, adminCookie, 'PATCH', `/api/users/${taken.id}`, { email: taken.email }))
        .statusCode,
    ).toBe(200)
  })

  it('nobody deletes themself; deleting a user ends their sessions and keeps the records they made', async () => {
    const self = await callApi(server, adminCookie, 'DELETE', `/api/users/${admin.id}`)
    expect(self.statusCode).toBe(403)
    expect(self.json().errors[0].message).toBe('You cannot delete your own account.')
    const { user, cookie } = await server.signIn()
    const made = (await callApi(server, cookie, 'POST', '/api/contacts', { firstName: 'Stays' })).json().doc
    expect((await callApi(server, adminCookie, 'DELETE', `/api/users/${user.id}`)).statusCode).toBe(200)
    expect((await contacts(cookie)).statusCode).toBe(401)
    expect((await callApi(server, adminCookie, 'GET', `/api/contacts/${made.id}`)).json().firstName).toBe(
      'Stays',
    )
    expect((await callApi(server, adminCookie, 'DELETE', `/api/users/${user.id}`)).statusCode).toBe(404)
  })

  it('GET users queries profile fields (like on username) and never the password hash', async () => {
    const user = await server.createUser({ firstName: 'Quinn' })
    await callApi(server, adminCookie, 'PATCH', `/api/users/${user.id}`, { username: 'quinn-the-eskimo' })
    const found = (
      await callApi(server, adminCookie, 'GET', '/api/users?where[username][like]=eskimo')
    ).json()
    expect(found.docs.map((d: { id: string }) => d.id)).toEqual([user.id])
    const probe = await callApi(server, adminCookie, 'GET', '/api/users?where[passwordHash][like]=scrypt')
    expect(probe.statusCode).toBe(400)
    expect(probe.json().errors[0].name).toBe('QueryError')
  })
})

describe('a profile edited on a device (version, If-Match and _base)', () => {
  const edit = (cookie: string, id: string, version: number, body: Record<string, unknown>) =>
    server.request(cookie, {
      method: 'PATCH',
      url: `/api/users/${id}`,
      headers: { 'if-match': `"${version}"` },
      payload: body,
    })

  it('every change bumps the version, answered as the ETag', async () => {
    const { user, cookie } = await server.signIn()
    const before = (await callApi(server, cookie, 'GET', `/api/users/${user.id}`)).json().version as number
    const saved = await callApi(server, cookie, 'PATCH', `/api/users/${user.id}`, { city: 'Bath' })
    expect(saved.json().doc.version).toBe(before + 1)
    expect(saved.headers.etag).toBe(`"${before + 1}"`)
    const byAdmin = await callApi(server, adminCookie, 'PATCH', `/api/users/${user.id}`, { country: 'UK' })
    expect(byAdmin.json().doc.version).toBe(before + 2)
  })

  it('an edit on the current version lands; on an older one it lands only if its fields did not move', async () => {
    const { user, cookie } = await server.signIn()
    const v1 = (await callApi(server, cookie, 'GET', `/api/users/${user.id}`)).json().version as number
    const current = await edit(cookie, user.id, v1, { city: 'Leeds', _base: { city: '' } })
    expect(current.statusCode, current.body).toBe(200)
    // An Admin changes the country meanwhile: the device's stale edit of the address still lands.
    await callApi(server, adminCookie, 'PATCH', `/api/users/${user.id}`, { country: 'France' })
    const untouched = await edit(cookie, user.id, v1 + 1, { address: '1 Rue', _base: { address: '' } })
    expect(untouched.statusCode, untouched.body).toBe(200)
    expect(untouched.json().doc).toMatchObject({ address: '1 Rue', country: 'France', city: 'Leeds' })
    // The same stale version changing the country the Admin changed: 412 with the current doc.
    const stale = await edit(cookie, user.id, v1 + 1, { country: 'Spain', _base: { country: '' } })
    expect(stale.statusCode).toBe(412)
    expect(stale.json().errors[0].data).toEqual([{ field: 'country', message: messages.stale }])
    expect(stale.json().doc).toMatchObject({ country: 'France', version: v1 + 3 })
    // Without _base a stale version is refused outright, and nothing changed.
    expect((await edit(cookie, user.id, v1, { aboutMe: 'Hi' })).statusCode).toBe(412)
    expect((await callApi(server, cookie, 'GET', `/api/users/${user.id}`)).json().aboutMe).toBe('')
  })

  it('compares the photo by its id, whether sent as an id or as { id, filename }', async () => {
    const { user, cookie } = await server.signIn()
    const upload = await server.request(cookie, {
      method: 'POST',
      url: '/api/user-image',
      payload: imageForm(png(64, 64), 'me.png'),
    })
    const image = upload.json().doc as { id: string; filename: string }
    const set = await callApi(server, cookie, 'PATCH', `/api/users/${user.id}`, { userImage: image.id })
    const version = set.json().doc.version as number
    await callApi(server, adminCookie, 'PATCH', `/api/users/${user.id}`, { city: 'York' })
    // The device knew the photo as { id, filename } (its filename as it had it): the same photo.
    const removed = await edit(cookie, user.id, version, {
      userImage: null,
      _base: { userImage: { id: image.id, filename: 'as-chosen.png' } },
    })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json().doc).toMatchObject({ userImage: null, city: 'York' })
    // Now the photo moved (removed) since that version: setting it again from there conflicts.
    const again = await edit(cookie, user.id, version, {
      userImage: image.id,
      _base: { userImage: image.id },
    })
    expect(again.statusCode).toBe(412)
  })

  it('refuses a _base that is not an object, and an If-Match that is not an ETag, with 400', async () => {
    const { user, cookie } = await server.signIn()
    const badBase = await callApi(server, cookie, 'PATCH', `/api/users/${user.id}`, {
      city: 'X',
      _base: 'nope',
    })
    expect(badBase.statusCode).toBe(400)
    expect(badBase.json().errors[0].data).toEqual([
      { field: '_base', message: 'Must be an object of field values.' },
    ])
    const badTag = await server.request(cookie, {
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: { 'if-match': 'seven' },
      payload: { city: 'X' },
    })
    expect(badTag.statusCode).toBe(400)
  })
})
