/**
 * Runs the real server in-process for tests: a fresh database per call
 * (in-memory PGlite, or with DATABASE_URL a new PostgreSQL database that
 * close() drops), migrated, behind buildApp. Reused by tests/sync.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { type AppOptions, buildApp } from '../../server/app'
import { cheapenHashesForTests } from '../../server/auth/password'
import { templateKey } from '../../server/db/empty-template'
import { migrate } from '../../server/db/migrate'
import { type Db, type DbHandle, openDb } from '../../server/db/open'
import { createUser, type NewUser, type UserDoc } from '../../server/users/store'
import { type RawAnswer, rawRequest } from './raw-http'

export interface TestUser extends UserDoc {
  password: string
}

export interface TestServer {
  app: FastifyInstance
  db: Db
  handle: DbHandle
  /** Creates a user directly in the database (role 'user' unless told). */
  createUser(input?: Partial<NewUser>): Promise<TestUser>
  /** Signs in through the API; returns the Cookie header value (`outpost_session=…`). */
  login(email: string, password: string): Promise<string>
  /** createUser + login. */
  signIn(input?: Partial<NewUser>): Promise<{ user: TestUser; cookie: string }>
  /** app.inject with the cookie (and JSON body) set. */
  request(cookie: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse>
  /** Listens on a random loopback port (once) and returns the base URL, for real fetch clients. */
  listen(): Promise<string>
  close(): Promise<void>
}

/**
 * One API call as a client signed in with `cookie` makes it (none: signed out), with an optional JSON
 * body and headers: the tests' one way to call the API through `app.inject`.
 */
export const callApi = (
  server: TestServer,
  cookie: string | undefined,
  method: string,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) => server.request(cookie, { method: method as 'GET', url, payload: payload as object, headers })

/**
 * One sign-in attempt through `app.inject`, to any app (the test server's, or a second one over its
 * database): the answer as it comes, refused or not. `request` adds headers or the client's address.
 */
export const loginAttempt = (
  app: FastifyInstance,
  email: string,
  password: string,
  request: Pick<InjectOptions, 'headers' | 'remoteAddress'> = {},
) => app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, ...request })

/** An API call as one client makes it: method, URL, an optional JSON body and headers. */
export type Api = (
  method: string,
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>

/** callApi bound to a server and a client's cookie (none: signed out): a test file's `api`. */
export const signedInApi =
  (server: TestServer, cookie: string | undefined): Api =>
  (method, url, payload, headers) =>
    callApi(server, cookie, method, url, payload, headers)

export interface SignedInServer {
  /** The server, once the file's tests run. */
  server: TestServer
  /** The signed-in user's Cookie header value, once the file's tests run. */
  cookie: string
  /** The signed-in user's API calls: bound at once, it calls whatever server and cookie hold when called. */
  api: Api
}

/**
 * A test file's one server and one signed-in user, started before its tests and closed after them: call
 * at the file's top.
 */
export function signedInServer(): SignedInServer {
  const signedIn: SignedInServer = {
    server: undefined as unknown as TestServer,
    cookie: '',
    api: (method, url, payload, headers) =>
      callApi(signedIn.server, signedIn.cookie, method, url, payload, headers),
  }
  beforeAll(async () => {
    signedIn.server = await startTestServer()
    signedIn.cookie = (await signedIn.server.signIn()).cookie
  })
  afterAll(() => signedIn.server?.close())
  return signedIn
}

/**
 * One request to a listening server over a bare socket (rawRequest: the path goes out as written, never
 * normalised, and no client adds or tidies a header), with the server's own Host, these headers and the
 * body's bytes, closing after the answer. The answer's body is read as UTF-8 text.
 */
export async function rawCall(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<RawAnswer> {
  const lines = [
    `${method} ${path} HTTP/1.1`,
    `Host: ${new URL(baseUrl).host}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ...(body ? [`Content-Length: ${body.length}`] : []),
    'Connection: close',
  ]
  try {
    const answer = await rawRequest(baseUrl, `${lines.join('\r\n')}\r\n\r\n${body?.toString('latin1') ?? ''}`)
    return { ...answer, body: Buffer.from(answer.body, 'latin1').toString('utf8') }
  } catch (error) {
    throw new Error(`${method} ${path}: ${(error as Error).message}`)
  }
}

export type TestServerOptions = Partial<Omit<AppOptions, 'db'>> & {
  /** A PostgreSQL server to make the test database on; null for PGlite. Default: DATABASE_URL. */
  databaseUrl?: string | null
}

// Accounts are made by the hundred here: scrypt at full cost would be a third of the suite's time.
cheapenHashesForTests()

let counter = 0
const uniqueEmail = () => `user${++counter}-${randomBytes(3).toString('hex')}@test.local`

/**
 * A new PGlite costs ~1.9 s (initdb); loading a dump of an already migrated one
 * costs ~0.4 s. The dump is cached in the OS temp dir under a hash of the
 * migrations, written once by whichever test file gets there first.
 */
async function openPgliteFromTemplate(): Promise<DbHandle> {
  // The same key as the server's own empty template: a new PGlite version may change the data directory format.
  const template = join(tmpdir(), `outpost-test-pglite-${templateKey()}.tar`)
  if (existsSync(template)) {
    const handle = await openDb({ loadDataDir: new Blob([readFileSync(template)]) })
    await migrate(handle) // a no-op unless the template is behind
    return handle
  }
  const handle = await openDb()
  await migrate(handle)
  const dump = await handle.dump?.()
  if (dump) {
    // Write then rename: a test file loading at the same moment never sees half a file.
    const partial = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, template)
  }
  return handle
}

/**
 * A fresh, migrated database: PGlite in memory, or a new database on the
 * PostgreSQL server at `url` (default DATABASE_URL; null for PGlite).
 */
export async function openTestDb(
  databaseUrl?: string | null,
): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  const url = databaseUrl === undefined ? process.env.DATABASE_URL : (databaseUrl ?? undefined)
  if (!url) {
    const handle = await openPgliteFromTemplate()
    return { handle, drop: () => handle.close() }
  }
  const name = `outpost_test_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const testUrl = new URL(url)
  testUrl.pathname = `/${name}`
  const handle = await openDb({ databaseUrl: testUrl.toString() })
  await migrate(handle)
  return {
    handle,
    drop: async () => {
      await handle.close()
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`drop database if exists "${name}" with (force)`)
      await client.end()
    },
  }
}

export function cookieOf(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie']
  const first = (Array.isArray(header) ? header : header ? [header] : []).find((c) =>
    c.startsWith('outpost_session='),
  )
  return first?.split(';')[0]
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { databaseUrl, ...appOptions } = options
  const { handle, drop } = await openTestDb(databaseUrl)
  // Tests sign in often from one address: no login rate limit unless a test asks for one.
  const app = await buildApp({ signInLimits: { perAddress: false }, ...appOptions, db: handle.db })
  let baseUrl: string | undefined

  const server: TestServer = {
    app,
    db: handle.db,
    handle,
    async createUser(input = {}) {
      const password = input.password ?? `pw-${randomBytes(6).toString('hex')}`
      const user = await createUser(handle.db, {
        email: uniqueEmail(),
        firstName: 'Test',
        lastName: 'User',
        ...input,
        password,
      })
      return { ...user, password }
    },
    async login(email, password) {
      const response = await loginAttempt(app, email, password)
      const cookie = cookieOf(response)
      if (response.statusCode !== 200 || !cookie)
        throw new Error(`login failed: ${response.statusCode} ${response.body}`)
      return cookie
    },
    async signIn(input) {
      const user = await server.createUser(input)
      return { user, cookie: await server.login(user.email, user.password) }
    },
    request(cookie, options) {
      return app.inject({ ...options, headers: { ...(cookie ? { cookie } : {}), ...options.headers } })
    },
    async listen() {
      baseUrl ??= await app.listen({ port: 0, host: '127.0.0.1' })
      return baseUrl
    },
    async close() {
      await app.close()
      await drop()
    },
  }
  return server
}
