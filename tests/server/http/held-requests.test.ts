/**
 * A request is judged when its headers arrive, but a write acts when its body
 * has arrived. An attacker with a session about to end (logout, a password
 * reset, the account deleted, the Admin role taken away) sends the headers
 * now and the body later. Each body here is held back on a raw socket while
 * the session ends, then released: the write must be judged again as it acts,
 * and refused.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Tx, withWriteLock } from '../../../server/db/write'
import { toApiError } from '../../../server/http/error-handler'
import { ApiError } from '../../../server/http/errors'
import { deleteUser, updateUser } from '../../../server/users/writes'
import { ROLE_IDS } from '../../../src/domain/user'
import { startTestServer, type TestServer } from '../helpers'
import { holdRequest } from '../slow-client'

let server: TestServer
let base: string

beforeAll(async () => {
  server = await startTestServer()
  base = await server.listen()
})
afterAll(() => server?.close())

const get = (cookie: string, url: string) => server.request(cookie, { method: 'GET', url })
const admin = () => server.signIn({ role: ROLE_IDS.Admin })

function refusedAs(answer: { status: number; json: () => Record<string, unknown> }, status: number) {
  expect(answer.status).toBe(status)
  const [item] = answer.json().errors as { name: string; message: string }[]
  expect(typeof item?.name).toBe('string')
  expect(typeof item?.message).toBe('string')
}

async function newContact(cookie: string) {
  const created = await server.request(cookie, {
    method: 'POST',
    url: '/api/contacts',
    payload: { firstName: 'Held', lastName: 'Back' },
  })
  return created.json().doc as { id: string; version: number }
}

describe('a body held back while the session ends', () => {
  it('after logout: a held create and a held update are refused, and nothing changes', async () => {
    const { cookie } = await server.signIn()
    const contact = await newContact(cookie)
    const before = (await get(cookie, '/api/contacts')).json().totalDocs
    const create = await holdRequest(
      { base },
      {
        method: 'POST',
        path: '/api/contacts',
        cookie,
        body: { firstName: 'Created', lastName: 'Late' },
      },
    )
    const update = await holdRequest(
      { base },
      {
        method: 'PATCH',
        path: `/api/contacts/${contact.id}`,
        cookie,
        body: { firstName: 'Changed' },
      },
    )
    expect((await server.request(cookie, { method: 'POST', url: '/api/users/logout' })).statusCode).toBe(200)
    expect((await get(cookie, '/api/contacts')).statusCode).toBe(401)

    refusedAs(await create.release(), 401)
    refusedAs(await update.release(), 401)

    const { cookie: other } = await server.signIn()
    expect((await get(other, '/api/contacts')).json().totalDocs).toBe(before)
    const now = (await get(other, `/api/contacts/${contact.id}`)).json()
    expect(now).toMatchObject({ firstName: 'Held', version: contact.version })
  })

  it('after an Admin resets the password: the held write is refused', async () => {
    const { user, cookie } = await server.signIn()
    const contact = await newContact(cookie)
    const held = await holdRequest(
      { base },
      {
        method: 'PATCH',
        path: `/api/contacts/${contact.id}`,
        cookie,
        body: { firstName: 'Changed' },
      },
    )
    const { cookie: adminCookie } = await admin()
    const reset = await server.request(adminCookie, {
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      payload: { password: 'a-new-secret-42' },
    })
    expect(reset.statusCode, reset.body).toBe(200)
    refusedAs(await held.release(), 401)
    expect((await get(adminCookie, `/api/contacts/${contact.id}`)).json().firstName).toBe('Held')
  })

  it('after the account is deleted: a held "create an Admin" is refused, and nobody can sign in with it', async () => {
    const { user: rogue, cookie } = await admin()
    const email = `backdoor-${Date.now()}@example.test`
    const held = await holdRequest(
      { base },
      {
        method: 'POST',
        path: '/api/users',
        cookie,
        body: { email, password: 'backdoor-secret-1', role: ROLE_IDS.Admin },
      },
    )
    const { cookie: other } = await admin()
    expect(
      (await server.request(other, { method: 'DELETE', url: `/api/users/${rogue.id}` })).statusCode,
    ).toBe(200)

    refusedAs(await held.release(), 401)
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: 'backdoor-secret-1' },
    })
    expect(login.statusCode).toBe(401)
    const listed = await get(other, `/api/users?where[email][equals]=${encodeURIComponent(email)}`)
    expect(listed.json().totalDocs).toBe(0)
  })

  it('a refusal is not stored under the Idempotency-Key: the same change sent again from a new session lands', async () => {
    const { user, cookie } = await server.signIn()
    const key = `held-${Date.now()}`
    const held = await holdRequest(
      { base },
      {
        method: 'POST',
        path: '/api/contacts',
        cookie,
        body: { firstName: 'Queued', lastName: 'Offline' },
        headers: { 'Idempotency-Key': key },
      },
    )
    await server.request(cookie, { method: 'POST', url: '/api/users/logout' })
    refusedAs(await held.release(), 401)

    const again = await server.login(user.email, user.password)
    const retried = await server.request(again, {
      method: 'POST',
      url: '/api/contacts',
      payload: { firstName: 'Queued', lastName: 'Offline' },
      headers: { 'idempotency-key': key },
    })
    expect(retried.statusCode, retried.body).toBe(201)
    expect(retried.headers['idempotent-replayed']).toBeUndefined()
  })
})

describe('the Admin role taken away while a body is held', () => {
  it('two Admins demoting each other at once: one change lands, the other is refused, an Admin is left', async () => {
    const { user: first, cookie: firstCookie } = await admin()
    const { user: second, cookie: secondCookie } = await admin()
    const heldByFirst = await holdRequest(
      { base },
      {
        method: 'PATCH',
        path: `/api/users/${second.id}`,
        cookie: firstCookie,
        body: { role: ROLE_IDS.User },
      },
    )
    const heldBySecond = await holdRequest(
      { base },
      {
        method: 'PATCH',
        path: `/api/users/${first.id}`,
        cookie: secondCookie,
        body: { role: ROLE_IDS.User },
      },
    )
    const answers = await Promise.all([heldByFirst.release(), heldBySecond.release()])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403])

    // Read through the Admin whose change landed: one of the two is an Admin still, the other a User.
    const standing = answers[0]?.status === 200 ? firstCookie : secondCookie
    const docs = await Promise.all([first, second].map((user) => get(standing, `/api/users/${user.id}`)))
    expect(docs.map((doc) => doc.json().role.id).sort()).toEqual([ROLE_IDS.Admin, ROLE_IDS.User])
  })

  it('an Admin made a User cannot unlock accounts with a held request', async () => {
    const { user: demoted, cookie } = await admin()
    const held = await holdRequest(
      { base },
      {
        method: 'POST',
        path: '/api/users/unlock',
        cookie,
        body: { email: 'someone@example.test' },
      },
    )
    const { cookie: other } = await admin()
    const demote = await server.request(other, {
      method: 'PATCH',
      url: `/api/users/${demoted.id}`,
      payload: { role: ROLE_IDS.User },
    })
    expect(demote.statusCode, demote.body).toBe(200)
    refusedAs(await held.release(), 403)
  })
})

describe('the last Admin', () => {
  it('cannot be made a User or deleted, whoever asks: someone must be able to manage staff', async () => {
    const alone = await startTestServer()
    try {
      const only = await alone.createUser({ role: ROLE_IDS.Admin })
      const refusedWith = async (change: (tx: Tx) => Promise<unknown>) => {
        const error = await withWriteLock(alone.db, change).catch((thrown: unknown) => thrown)
        // As the error handler answers it.
        const answer = toApiError(error)
        expect(answer).toBeInstanceOf(ApiError)
        expect(answer?.statusCode).toBe(403)
        expect(answer?.body.errors[0]?.message).toBe(
          'Outpost needs at least one Admin. Make another user an Admin first.',
        )
      }
      await refusedWith((tx) => updateUser(tx, { id: only.id, values: { role: ROLE_IDS.User } }))
      await refusedWith((tx) => deleteUser(tx, only.id))
      // With a second Admin, either change may go ahead.
      await alone.createUser({ role: ROLE_IDS.Admin })
      const demoted = await withWriteLock(alone.db, (tx) =>
        updateUser(tx, { id: only.id, values: { role: ROLE_IDS.User } }),
      )
      expect(demoted.body.doc.role.id).toBe(ROLE_IDS.User)
    } finally {
      await alone.close()
    }
  })
})
