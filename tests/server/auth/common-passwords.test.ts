/**
 * Every new password (an Admin's new account or reset, one's own change,
 * registration, the first Admin's) is at least 8 characters and not one of
 * the most common passwords, whatever its case. Passwords set before the rule
 * still sign in. A refused password changes nothing.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { isCommonPassword, PASSWORD_TOO_COMMON } from '../../../server/auth/common-passwords'
import { bootstrap } from '../../../server/bootstrap'
import { callApi, loginAttempt, startTestServer, type TestServer } from '../helpers'

let server: TestServer
let adminCookie: string

beforeAll(async () => {
  server = await startTestServer()
  adminCookie = (await server.signIn({ role: 'admin' })).cookie
})
afterAll(() => server?.close())

const TOO_SHORT = { field: 'password', message: 'Must be at least 8 characters.' }
const TOO_COMMON = { field: 'password', message: PASSWORD_TOO_COMMON }

function refusedOnPassword(response: { statusCode: number; json(): unknown }, expected: object) {
  expect(response.statusCode).toBe(400)
  expect(response.json()).toMatchObject({
    errors: [{ name: 'ValidationError', data: [expected] }],
  })
}

describe('the common-password list', () => {
  it('holds the usual suspects in any case, and not a made-up phrase', () => {
    for (const password of ['password', 'Password1', 'ILOVEYOU', 'qwertyuiop', '12345678', 'Trustno1'])
      expect(isCommonPassword(password), password).toBe(true)
    for (const password of ['secret-1', 'lantern-quietly-42', 'set-by-admin'])
      expect(isCommonPassword(password), password).toBe(false)
  })
})

describe('an Admin creating an account', () => {
  it('refuses 7 characters and a common password with a 400 on the field, and creates nothing', async () => {
    refusedOnPassword(
      await callApi(server, adminCookie, 'POST', '/api/users', {
        email: 'short@pw.example',
        password: 'abc1234',
      }),
      TOO_SHORT,
    )
    refusedOnPassword(
      await callApi(server, adminCookie, 'POST', '/api/users', {
        email: 'common@pw.example',
        password: 'Sunshine1',
      }),
      TOO_COMMON,
    )
    const list = await callApi(server, adminCookie, 'GET', '/api/users?where[email][like]=pw.example')
    expect(list.json().totalDocs).toBe(0)
  })

  it('reads a password as it is hashed: fullwidth letters are the common password they spell, and length counts characters', async () => {
    // NFKC makes 'ｐａｓｓｗｏｒｄ１' the password 'password1': it would sign in as that.
    refusedOnPassword(
      await callApi(server, adminCookie, 'POST', '/api/users', {
        email: 'wide@pw.example',
        password: 'ｐａｓｓｗｏｒｄ１',
      }),
      TOO_COMMON,
    )
    // Eight UTF-16 units, four characters: four emoji, and 'á' spelled with a combining accent four times.
    for (const password of ['😀😁😂😃', 'a\u0301'.repeat(4)]) {
      refusedOnPassword(
        await callApi(server, adminCookie, 'POST', '/api/users', { email: 'units@pw.example', password }),
        TOO_SHORT,
      )
    }
    const list = await callApi(server, adminCookie, 'GET', '/api/users?where[email][like]=pw.example')
    expect(list.json().totalDocs).toBe(0)
  })

  it('accepts 8 characters that are not common', async () => {
    const created = await callApi(server, adminCookie, 'POST', '/api/users', {
      email: 'fine@pw.example',
      password: 'ok-8char',
    })
    expect(created.statusCode, created.body).toBe(201)
    expect((await loginAttempt(server.app, 'fine@pw.example', 'ok-8char')).statusCode).toBe(200)
  })
})

describe('changing a password', () => {
  it("refuses an Admin's reset to 7 characters or a common password; the old one still works", async () => {
    const user = await server.createUser()
    for (const [password, expected] of [
      ['abc1234', TOO_SHORT],
      ['LetMeIn1', TOO_COMMON],
    ] as const)
      refusedOnPassword(
        await callApi(server, adminCookie, 'PATCH', `/api/users/${user.id}`, { password }),
        expected,
      )
    expect((await loginAttempt(server.app, user.email, user.password)).statusCode).toBe(200)
  })

  it("refuses one's own new password when it is short or common, even with the right current one", async () => {
    const { user, cookie } = await server.signIn()
    for (const [password, expected] of [
      ['abc1234', TOO_SHORT],
      ['football', TOO_COMMON],
    ] as const)
      refusedOnPassword(
        await callApi(server, cookie, 'PUT', `/api/users/${user.id}`, {
          password,
          currentPassword: user.password,
        }),
        expected,
      )
    expect((await loginAttempt(server.app, user.email, user.password)).statusCode).toBe(200)
  })
})

describe('passwords set before the rule', () => {
  it('a 5-character password made before still signs in, and other fields still save', async () => {
    const user = await server.createUser({ password: 'abcde' })
    const cookie = await server.login(user.email, 'abcde')
    const saved = await callApi(server, cookie, 'PATCH', `/api/users/${user.id}`, { city: 'Bath' })
    expect(saved.statusCode, saved.body).toBe(200)
    expect((await loginAttempt(server.app, user.email, 'abcde')).statusCode).toBe(200)
  })
})

describe('registration', () => {
  let open: FastifyInstance
  beforeAll(async () => {
    open = await buildApp({ db: server.db, registrationOpen: true, signInLimits: { perAddress: false } })
  })
  afterAll(() => open?.close())

  const register = (username: string, password: string) =>
    open.inject({ method: 'POST', url: '/api/register', payload: { username, password } })

  it('refuses 7 characters and a common password with a 400 on the field, and creates nothing', async () => {
    refusedOnPassword(await register('joiner@pw-register.example', 'abc1234'), TOO_SHORT)
    refusedOnPassword(await register('joiner@pw-register.example', 'BASEBALL'), TOO_COMMON)
    expect((await loginAttempt(open, 'joiner@pw-register.example', 'BASEBALL')).statusCode).toBe(401)
    const created = await register('joiner@pw-register.example', 'not-so-common')
    expect(created.statusCode, created.body).toBe(201)
  })
})

describe('the first Admin', () => {
  it('refuses an ADMIN_PASSWORD that is short or common before creating anything', async () => {
    const empty = await startTestServer()
    try {
      await expect(bootstrap(empty.db, { adminPassword: 'abc1234', seedSample: false })).rejects.toThrow(
        'ADMIN_PASSWORD must be 8 to 200 characters long.',
      )
      await expect(bootstrap(empty.db, { adminPassword: 'Password123', seedSample: false })).rejects.toThrow(
        'ADMIN_PASSWORD is too common a password. Choose another.',
      )
      const result = await bootstrap(empty.db, { seedSample: false })
      // Generated: long enough, and the Admin signs in with it.
      expect(result.createdAdmin?.password.length).toBeGreaterThanOrEqual(16)
      expect(isCommonPassword(result.createdAdmin?.password ?? '')).toBe(false)
      const admin = result.createdAdmin
      expect((await loginAttempt(empty.app, admin?.email ?? '', admin?.password ?? '')).statusCode).toBe(200)
    } finally {
      await empty.close()
    }
  })
})
