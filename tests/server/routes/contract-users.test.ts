/**
 * One contract test per users/auth call of users (list, get, me,
 * create, update, delete), login, roles/{id} and register, with the answers'
 * shapes and contents. The password hash never appears in any of them.
 */

import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { users } from '../../../server/db/schema'
import {
  type Api,
  callApi,
  cookieOf,
  signedInApi,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../helpers'
import { imageForm, png } from '../image-fixtures'

let server: TestServer
let admin: TestUser
/** Calls as the Admin. */
let api: Api

beforeAll(async () => {
  server = await startTestServer()
  const signedIn = await server.signIn({ role: 'admin', firstName: 'Ada', lastName: 'Admin' })
  admin = signedIn.user
  api = signedInApi(server, signedIn.cookie)
})
afterAll(() => server?.close())

const profile = {
  id: expect.any(String),
  email: expect.any(String),
  firstName: expect.any(String),
  lastName: expect.any(String),
  role: { id: expect.any(String), roleName: expect.stringMatching(/^(Admin|User)$/) },
  username: expect.any(String),
  company: expect.any(String),
  address: expect.any(String),
  city: expect.any(String),
  country: expect.any(String),
  postalCode: expect.any(String),
  aboutMe: expect.any(String),
  userImage: null,
  version: expect.any(Number),
  createdAt: expect.any(String),
  updatedAt: expect.any(String),
}
const noSecrets = (body: string) => expect(body).not.toMatch(/password|scrypt/i)

describe('users', () => {
  it('POST users (Admin) creates a user with profile fields and answers the doc', async () => {
    const response = await api('POST', '/api/users', {
      email: 'New.Person@Example.com',
      password: 'secret-1',
      firstName: 'New',
      lastName: 'Person',
      city: 'Leeds',
      postalCode: '12345',
      role: 'user',
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toEqual({
      message: 'User successfully created.',
      doc: {
        ...profile,
        email: 'new.person@example.com',
        firstName: 'New',
        city: 'Leeds',
        postalCode: '12345',
        role: { id: 'user', roleName: 'User' },
      },
    })
    noSecrets(response.body)
  })

  it('GET users (Admin) with where, page[number], page[size] answers docs and totalDocs', async () => {
    for (const name of ['Listed One', 'Listed Two', 'Listed Three']) {
      const [firstName, lastName] = name.split(' ')
      await api('POST', '/api/users', {
        email: `${lastName?.toLowerCase()}@list.example`,
        password: 'secret-1',
        firstName,
        lastName,
      })
    }
    const response = await api(
      'GET',
      '/api/users?where[or][0][firstName][like]=listed&where[or][1][email][like]=listed&page[number]=1&page[size]=2&sort=lastName',
    )
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ totalDocs: 3, limit: 2, page: 1, totalPages: 2, hasNextPage: true })
    expect(body.docs.map((doc: { lastName: string }) => doc.lastName)).toEqual(['One', 'Three'])
    expect(body.docs[0]).toEqual({
      ...profile,
      firstName: 'Listed',
      lastName: 'One',
      email: 'one@list.example',
    })
    noSecrets(response.body)
  })

  it('GET users/{id} answers the user', async () => {
    const response = await api('GET', `/api/users/${admin.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      ...profile,
      id: admin.id,
      email: admin.email,
      firstName: 'Ada',
      role: { id: 'admin', roleName: 'Admin' },
    })
    noSecrets(response.body)
  })

  it('GET users/me answers { user } with the full profile, { user: null } signed out', async () => {
    const me = await api('GET', '/api/users/me')
    expect(me.json()).toEqual({
      user: { ...profile, id: admin.id, email: admin.email, role: { id: 'admin', roleName: 'Admin' } },
    })
    noSecrets(me.body)
    expect((await server.app.inject({ method: 'GET', url: '/api/users/me' })).json()).toEqual({ user: null })
  })

  it('PUT users/{id} updates profile fields (and userImage from POST user-image) and answers the doc', async () => {
    const { user, cookie } = await server.signIn({ firstName: 'Pat' })
    const upload = await server.request(cookie, {
      method: 'POST',
      url: '/api/user-image',
      payload: imageForm(png(96, 96), 'me.png'),
    })
    expect(upload.statusCode, upload.body).toBe(201)
    const image = upload.json().doc
    const fields = {
      username: 'pat',
      company: 'Outpost',
      address: '1 Main St',
      city: 'York',
      country: 'UK',
      postalCode: '90210',
      aboutMe: 'Hi',
    }
    const response = await callApi(server, cookie, 'PUT', `/api/users/${user.id}`, {
      ...fields,
      firstName: 'Patricia',
      userImage: image.id,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      message: 'Updated successfully.',
      doc: {
        ...profile,
        ...fields,
        id: user.id,
        email: user.email,
        firstName: 'Patricia',
        role: { id: 'user', roleName: 'User' },
        userImage: { id: image.id, filename: image.filename },
      },
    })
    expect(image.filename).toMatch(/^me-[0-9a-f]{32}\.png$/)
    const served = await server.request(cookie, {
      method: 'GET',
      url: `/images/user_image/${image.filename}`,
    })
    expect(served.statusCode).toBe(200)
  })

  it('DELETE users/{id} (Admin) deletes the user and answers the doc', async () => {
    const { user, cookie } = await server.signIn()
    const response = await api('DELETE', `/api/users/${user.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      message: 'Deleted successfully.',
      doc: { ...profile, id: user.id, email: user.email },
    })
    expect((await api('GET', `/api/users/${user.id}`)).statusCode).toBe(404)
    expect((await callApi(server, cookie, 'GET', '/api/contacts')).statusCode).toBe(401)
  })
})

describe('users/login, roles/{id}, register', () => {
  it('POST users/login with form data answers user.id and user.role', async () => {
    const form = new FormData()
    form.set('email', admin.email)
    form.set('password', admin.password)
    const response = await server.app.inject({ method: 'POST', url: '/api/users/login', payload: form })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      message: 'Auth Passed',
      user: { id: admin.id, role: { id: 'admin', roleName: 'Admin' } },
    })
    expect(cookieOf(response)).toBeDefined()
    noSecrets(response.body)
  })

  it('GET roles/{id} answers { id, roleName }', async () => {
    expect((await api('GET', '/api/roles/admin')).json()).toEqual({ id: 'admin', roleName: 'Admin' })
    expect((await api('GET', '/api/roles/user')).json()).toEqual({ id: 'user', roleName: 'User' })
  })

  it('POST register answers 403 with the error body unless REGISTRATION=open', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'x@y.example', password: 'secret-1' },
    })
    expect(response.statusCode).toBe(403)
    expect(response.json().errors[0]).toMatchObject({
      name: 'Forbidden',
      message: expect.stringContaining('Registration is closed'),
    })
  })

  it('POST register (open) with username and password creates a User, then login works', async () => {
    const open = await buildApp({
      db: server.db,
      registrationOpen: true,
      signInLimits: { perAddress: false },
    })
    try {
      const payload = { username: 'Joiner@Example.com', password: 'secret-2' }
      const response = await open.inject({ method: 'POST', url: '/api/register', payload })
      expect(response.statusCode, response.body).toBe(201)
      expect(response.json()).toEqual({
        message: 'User successfully created.',
        doc: { ...profile, email: 'joiner@example.com', role: { id: 'user', roleName: 'User' } },
      })
      expect(response.headers['set-cookie']).toBeUndefined()
      noSecrets(response.body)
      const login = await open.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'joiner@example.com', password: 'secret-2' },
      })
      expect(login.json().user.role.roleName).toBe('User')
      // The newsletter choice is kept with the account (the mailing tool reads it); it defaults to no.
      const subscriber = await open.inject({
        method: 'POST',
        url: '/api/register',
        payload: { username: 'reader@example.com', password: 'secret-2', newsletter: true },
      })
      expect(subscriber.statusCode).toBe(201)
      const choices = await server.db
        .select({ email: users.email, newsletter: users.newsletter })
        .from(users)
        .where(inArray(users.email, ['joiner@example.com', 'reader@example.com']))
      expect(Object.fromEntries(choices.map((row) => [row.email, row.newsletter]))).toEqual({
        'joiner@example.com': false,
        'reader@example.com': true,
      })
      const again = await open.inject({ method: 'POST', url: '/api/register', payload })
      expect(again.statusCode).toBe(400)
      expect(again.json().errors[0].data).toEqual([
        { field: 'username', message: 'A user with this email already exists.' },
      ])
    } finally {
      await open.close()
    }
  })
})
