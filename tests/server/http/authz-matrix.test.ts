/**
 * The authorization matrix: every route × (signed out, User, Admin) × (own
 * record, someone else's) against the status it must answer. Records of the
 * business collections belong to the team (any signed-in user may change
 * them, whoever made them); user accounts belong to their owner and Admins.
 * Each cell runs against fresh targets, so a delete in one cell never decides another.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer, type TestUser } from '../helpers'
import { imageForm, png } from '../image-fixtures'

type Role = 'signedOut' | 'user' | 'admin'
type Whose = 'own' | 'other'
/** Expected status per role; `own` and `other` differ only for user accounts. */
type Expect = Record<Role, number>

let server: TestServer
const actors = {} as Record<Exclude<Role, 'signedOut'>, { user: TestUser; cookie: string }>

beforeAll(async () => {
  server = await startTestServer()
  actors.user = await server.signIn({ firstName: 'Uma' })
  actors.admin = await server.signIn({ firstName: 'Abe', role: 'admin' })
})
afterAll(() => server?.close())

const cookieOf = (role: Role) => (role === 'signedOut' ? undefined : actors[role].cookie)

/** A record made by the actor (own) or by the other signed-in user (other). */
async function record(collection: string, role: Role, whose: Whose) {
  const maker = role === 'admin' ? (whose === 'own' ? 'admin' : 'user') : whose === 'own' ? 'user' : 'admin'
  const body =
    collection === 'contacts'
      ? { firstName: 'Row' }
      : collection === 'companies'
        ? { companyName: 'Row' }
        : { name: 'Row' }
  const response = await server.request(actors[maker].cookie, {
    method: 'POST',
    url: `/api/${collection}`,
    payload: body,
  })
  return response.json().doc.id as string
}

/** The actor's own account, or a fresh other one (a User) to act on. */
async function account(role: Role, whose: Whose) {
  if (whose === 'own' && role !== 'signedOut') return actors[role].user.id
  return (await server.createUser({ firstName: 'Target' })).id
}

let imageName: string | undefined
async function storedImage() {
  if (!imageName) {
    const form = imageForm(png(8, 8), 'matrix.png')
    const response = await server.request(actors.admin.cookie, {
      method: 'POST',
      url: '/api/product-image',
      payload: form,
    })
    imageName = response.json().doc.filename
  }
  return imageName
}

interface Row {
  call: string
  expect: Expect
  /** When the answer differs for someone else's account. */
  other?: Expect
  send: (
    role: Role,
    whose: Whose,
  ) => Promise<{ method: string; url: string; payload?: unknown; cookie?: string }>
}

const all = (status: number): Expect => ({ signedOut: 401, user: status, admin: status })
const adminOnly = (status: number): Expect => ({ signedOut: 401, user: 403, admin: status })

const collectionRows = ['contacts', 'companies', 'industries', 'services', 'products'].flatMap((c): Row[] => {
  const body =
    c === 'contacts' ? { firstName: 'New' } : c === 'companies' ? { companyName: 'New' } : { name: 'New' }
  return [
    { call: `GET /api/${c}`, expect: all(200), send: async () => ({ method: 'GET', url: `/api/${c}` }) },
    {
      call: `POST /api/${c}`,
      expect: all(201),
      send: async () => ({ method: 'POST', url: `/api/${c}`, payload: body }),
    },
    ...(['GET', 'PUT', 'PATCH', 'DELETE'] as const).map((method) => ({
      call: `${method} /api/${c}/{id}`,
      expect: all(200),
      send: async (role: Role, whose: Whose) => ({
        method,
        url: `/api/${c}/${await record(c, role, whose)}`,
        payload: method === 'PUT' || method === 'PATCH' ? body : undefined,
      }),
    })),
  ]
})

const rows: Row[] = [
  {
    call: 'GET /api/users/me',
    expect: { signedOut: 200, user: 200, admin: 200 },
    send: async () => ({ method: 'GET', url: '/api/users/me' }),
  },
  {
    call: 'GET /api/users',
    expect: adminOnly(200),
    send: async () => ({ method: 'GET', url: '/api/users' }),
  },
  {
    call: 'GET /api/users/{id}',
    expect: all(200),
    other: adminOnly(200),
    send: async (role, whose) => ({ method: 'GET', url: `/api/users/${await account(role, whose)}` }),
  },
  {
    call: 'POST /api/users',
    expect: adminOnly(201),
    send: async () => ({
      method: 'POST',
      url: '/api/users',
      payload: { email: `${randomUUID()}@matrix.example`, password: 'secret-1' },
    }),
  },
  {
    call: 'PUT /api/users/{id} (profile)',
    expect: all(200),
    other: adminOnly(200),
    send: async (role, whose) => ({
      method: 'PUT',
      url: `/api/users/${await account(role, whose)}`,
      payload: { city: 'Hull' },
    }),
  },
  {
    call: 'PATCH /api/users/{id} (role)',
    expect: { signedOut: 401, user: 403, admin: 403 },
    other: adminOnly(200),
    send: async (role, whose) => ({
      method: 'PATCH',
      url: `/api/users/${await account(role, whose)}`,
      payload: { role: role === 'admin' && whose === 'own' ? 'user' : 'admin' },
    }),
  },
  {
    call: 'DELETE /api/users/{id}',
    expect: { signedOut: 401, user: 403, admin: 403 },
    other: adminOnly(200),
    send: async (role, whose) => ({ method: 'DELETE', url: `/api/users/${await account(role, whose)}` }),
  },
  {
    call: 'GET /api/roles/{id}',
    expect: all(200),
    send: async () => ({ method: 'GET', url: '/api/roles/user' }),
  },
  {
    call: 'POST /api/register (closed)',
    expect: { signedOut: 403, user: 403, admin: 403 },
    send: async () => ({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'a@b.example', password: 'secret-1' },
    }),
  },
  {
    call: 'POST /api/users/login',
    expect: { signedOut: 200, user: 200, admin: 200 },
    // Signing in again replaces the session it is sent with: a throwaway one, not the actor's.
    send: async (role) => {
      const who = role === 'signedOut' ? actors.user.user : actors[role].user
      return {
        method: 'POST',
        url: '/api/users/login',
        payload: { email: who.email, password: who.password },
        cookie: role === 'signedOut' ? undefined : await server.login(who.email, who.password),
      }
    },
  },
  {
    call: 'POST /api/users/logout',
    expect: { signedOut: 200, user: 200, admin: 200 },
    // A session of its own, so the actors stay signed in for the other cells.
    send: async (role) => ({
      method: 'POST',
      url: '/api/users/logout',
      cookie:
        role === 'signedOut'
          ? undefined
          : await server.login(actors[role].user.email, actors[role].user.password),
    }),
  },
  {
    call: 'GET /api/sync/changes',
    expect: all(200),
    send: async () => ({ method: 'GET', url: '/api/sync/changes?since=0&limit=1' }),
  },
  {
    call: 'POST /api/sync/batch',
    expect: all(200),
    send: async () => ({
      method: 'POST',
      url: '/api/sync/batch',
      payload: {
        changes: [{ method: 'POST', path: 'contacts', key: randomUUID(), body: { firstName: 'Cell' } }],
      },
    }),
  },
  ...(['product-image', 'industry-image', 'service-image', 'user-image'] as const).map((kind) => ({
    call: `POST /api/${kind}`,
    expect: all(201),
    send: async () => ({ method: 'POST', url: `/api/${kind}`, payload: imageForm(png(4, 4), 'cell.png') }),
  })),
  {
    call: 'GET /images/{folder}/{filename}',
    expect: all(200),
    send: async () => ({ method: 'GET', url: `/images/product_image/${await storedImage()}` }),
  },
  ...collectionRows,
]

const cells = rows.flatMap((row) =>
  (['signedOut', 'user', 'admin'] as const).flatMap((role) =>
    (['own', 'other'] as const).map((whose) => ({
      row,
      role,
      whose,
      status: (whose === 'other' && row.other ? row.other : row.expect)[role],
    })),
  ),
)

describe('authorization matrix', () => {
  it.each(
    cells.map((cell) => [`${cell.row.call} · ${cell.role} · ${cell.whose} → ${cell.status}`, cell] as const),
  )('%s', async (_, { row, role, whose, status }) => {
    const request = await row.send(role, whose)
    const response = await server.request(request.cookie ?? cookieOf(role), {
      method: request.method as 'GET',
      url: request.url,
      payload: request.payload as object,
    })
    expect(response.statusCode, response.body).toBe(status)
    if (status >= 400) expect(typeof response.json().errors[0].message).toBe('string')
  })
})
