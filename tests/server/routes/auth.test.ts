import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { messages } from '../../../src/domain/errors'
import { cookieOf, startTestServer, type TestServer, type TestUser } from '../helpers'

let server: TestServer
let admin: TestUser

beforeAll(async () => {
  server = await startTestServer()
  admin = await server.createUser({
    role: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    password: 'secret-admin',
  })
})
afterAll(() => server?.close())

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url: '/api/users/login', payload: payload as object, headers })

describe('POST /api/users/login', () => {
  it('signs in with JSON: an HttpOnly, SameSite=Lax session cookie and the user with its role', async () => {
    const response = await login({ email: admin.email.toUpperCase(), password: 'secret-admin' })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.message).toBe('Auth Passed')
    expect(body.user).toEqual({
      id: admin.id,
      email: admin.email,
      firstName: 'Ada',
      lastName: 'Admin',
      role: { id: 'admin', roleName: 'Admin' },
      username: '',
      company: '',
      address: '',
      city: '',
      country: '',
      postalCode: '',
      aboutMe: '',
      userImage: null,
      version: 1,
      createdAt: admin.createdAt,
      updatedAt: admin.updatedAt,
    })
    expect(body.exp).toBeGreaterThan(Date.now() / 1000 + 13 * 86_400)
    const setCookie = String(response.headers['set-cookie'])
    expect(setCookie).toMatch(/^outpost_session=[\w-]{43}; /)
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Lax')
    expect(setCookie).toContain('Path=/')
    expect(setCookie).not.toContain('Secure')
    expect(body).not.toHaveProperty('token')
  })

  it('marks the cookie Secure when the request came over HTTPS (behind a trusted proxy)', async () => {
    const app = await buildApp({ db: server.db, trustProxy: 1, signInLimits: { perAddress: false } })
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: admin.email, password: 'secret-admin' },
      headers: { 'x-forwarded-proto': 'https' },
    })
    await app.close()
    expect(response.statusCode).toBe(200)
    expect(String(response.headers['set-cookie'])).toContain('Secure')
  })

  it('signs in with multipart form data, as the old client sent it', async () => {
    const form = new FormData()
    form.append('email', admin.email)
    form.append('password', 'secret-admin')
    const response = await server.app.inject({ method: 'POST', url: '/api/users/login', payload: form })
    expect(response.statusCode).toBe(200)
    expect(response.json().user.role.roleName).toBe('Admin')
    expect(cookieOf(response)).toBeDefined()
  })

  it('answers 401 with the same body for a wrong password and an unknown email', async () => {
    const wrong = await login({ email: admin.email, password: 'not-the-password' })
    const unknown = await login({ email: 'nobody@test.local', password: 'whatever' })
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({
        errors: [{ name: 'AuthenticationError', title: 'Login failed', message: messages.badLogin }],
      })
      expect(response.headers['set-cookie']).toBeUndefined()
    }
  })

  it('answers 400 with field data for a missing email and a short password', async () => {
    const response = await login({ password: '123' })
    expect(response.statusCode).toBe(400)
    const [error] = response.json().errors
    expect(error.name).toBe('ValidationError')
    expect(error.title).toBe('The following fields are invalid: email, password')
    expect(error.data).toEqual([
      { field: 'email', message: messages.required },
      { field: 'password', message: 'Must be at least 5 characters.' },
    ])
    const invalid = await login({ email: 'not-an-email', password: '12345' })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().errors[0].data).toEqual([{ field: 'email', message: messages.invalidEmail }])
  })

  it('limits login attempts per IP with 429 and the error body', async () => {
    const app = await buildApp({ db: server.db, signInLimits: { perAddress: { max: 2, windowMs: 60_000 } } })
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: admin.email, password: 'nope-nope' },
      })
    expect((await attempt()).statusCode).toBe(401)
    expect((await attempt()).statusCode).toBe(401)
    const limited = await attempt()
    await app.close()
    expect(limited.statusCode).toBe(429)
    expect(limited.json().errors[0].name).toBe('TooManyRequests')
    expect(limited.headers['retry-after']).toBeDefined()
  })
})

describe('session', () => {
  it('users/me answers the user when signed in and { user: null } when not', async () => {
    const cookie = await server.login(admin.email, 'secret-admin')
    const me = await server.request(cookie, { method: 'GET', url: '/api/users/me' })
    expect(me.statusCode).toBe(200)
    expect(me.json().user).toMatchObject({ id: admin.id, email: admin.email, role: { roleName: 'Admin' } })
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/users/me' })
    expect(anonymous.statusCode).toBe(200)
    expect(anonymous.json()).toEqual({ user: null })
    const forged = await server.request('outpost_session=forged', { method: 'GET', url: '/api/users/me' })
    expect(forged.json()).toEqual({ user: null })
  })

  it('logout ends the session and clears the cookie; logging out twice is fine', async () => {
    const { cookie } = await server.signIn()
    expect((await server.request(cookie, { method: 'GET', url: '/api/contacts' })).statusCode).toBe(200)
    const out = await server.request(cookie, { method: 'POST', url: '/api/users/logout' })
    expect(out.statusCode).toBe(200)
    expect(out.json().message).toBeTruthy()
    expect(String(out.headers['set-cookie'])).toMatch(/outpost_session=;.*Expires=Thu, 01 Jan 1970/)
    expect((await server.request(cookie, { method: 'GET', url: '/api/users/me' })).json()).toEqual({
      user: null,
    })
    expect((await server.request(cookie, { method: 'GET', url: '/api/contacts' })).statusCode).toBe(401)
    expect((await server.request(cookie, { method: 'POST', url: '/api/users/logout' })).statusCode).toBe(200)
  })

  it('stores only a hash of the session token', async () => {
    const { cookie } = await server.signIn()
    const token = cookie.split('=')[1] ?? ''
    const rows = await server.db.query.sessions.findMany()
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.some((row) => row.tokenHash === token)).toBe(false)
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true)
  })
})

describe('GET /api/roles/:id', () => {
  it('answers both roles to a signed-in user, 404 for an unknown one, 401 signed out', async () => {
    const { cookie } = await server.signIn()
    const get = (id: string, c?: string) => server.request(c, { method: 'GET', url: `/api/roles/${id}` })
    expect((await get('admin', cookie)).json()).toEqual({ id: 'admin', roleName: 'Admin' })
    expect((await get('user', cookie)).json()).toEqual({ id: 'user', roleName: 'User' })
    const missing = await get('superuser', cookie)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().errors[0].message).toBe(messages.notFound)
    const signedOut = await get('admin')
    expect(signedOut.statusCode).toBe(401)
    expect(signedOut.json().errors[0].message).toBe(messages.signedOut)
  })
})

describe('every collection and sync route needs a session', () => {
  const id = '6f1c1c3e-8a4b-4c8e-9d3f-1a2b3c4d5e6f'
  const routes: [string, string][] = [
    ['GET', '/api/contacts'],
    ['GET', `/api/contacts/${id}`],
    ['POST', '/api/contacts'],
    ['PUT', `/api/contacts/${id}`],
    ['PATCH', `/api/contacts/${id}`],
    ['DELETE', `/api/contacts/${id}`],
    ['GET', '/api/sync/changes?since=0'],
  ]
  it.each(routes)('%s %s → 401 with the error body', async (method, url) => {
    const payload = method === 'GET' || method === 'DELETE' ? undefined : { firstName: 'Eve' }
    const response = await server.app.inject({ method: method as 'GET', url, payload })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({
      errors: [{ name: 'UnauthorizedError', title: messages.signedOut, message: messages.signedOut }],
    })
  })
})
