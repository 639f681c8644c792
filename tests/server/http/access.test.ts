/**
 * Access is decided by the route, not by how its URL is spelled. Every route
 * the app registered (collected by the onRoute hook in server/http/access.ts)
 * is asked over raw HTTP, which does not normalise the path as a browser or
 * fetch would, in many spellings: percent-encoded letters, doubled slashes,
 * dot segments, `;params`, `%2f`, a trailing slash, upper case. Anonymous,
 * nothing but the public allow-list answers 2xx; with a cookie, no write from
 * a foreign Origin is carried out.
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeclaredRoute } from '../../../server/http/access'
import { ROLE_IDS } from '../../../src/domain/user'
import { rawCall, startTestServer, type TestServer } from '../helpers'
import { ONE_PIXEL_PNG } from '../image-fixtures'

let server: TestServer
let base: string
let distDir: string
let cookie: string
let adminId: string
let adminEmail: string
let adminPassword: string
/** A real value for each route parameter, so a handler reached would answer 2xx. */
const params = new Map<string, string>()

/** The routes anyone may call; everything else needs a session. */
const PUBLIC_ROUTES = new Set([
  'POST /api/users/login',
  'POST /api/users/logout',
  'GET /api/users/me',
  'HEAD /api/users/me',
  'POST /api/register',
])
/** The app shell: public on purpose, and only ever the shell's own files. */
const isShell = (route: DeclaredRoute) => route.url === '/*'

const encode = (char: string, upper: boolean) => {
  const hex = char.charCodeAt(0).toString(16).padStart(2, '0')
  return `%${upper ? hex.toUpperCase() : hex}`
}

/** The many ways to write `path` that a lax router or a text match might confuse. */
function spellingsOf(path: string): string[] {
  const segments = path.split('/').slice(1)
  const spelled = new Set<string>()
  segments.forEach((segment, i) => {
    const letter = segment.search(/[a-z]/i)
    if (letter === -1) return
    for (const upper of [false, true]) {
      const encoded =
        segment.slice(0, letter) + encode(segment[letter] ?? '', upper) + segment.slice(letter + 1)
      spelled.add(`/${segments.map((s, j) => (j === i ? encoded : s)).join('/')}`)
    }
    spelled.add(`/${segments.map((s, j) => (j === i ? `${s};x=1` : s)).join('/')}`)
  })
  spelled.add(
    `/${segments.map((s) => [...s].map((c) => (/[a-z]/i.test(c) ? encode(c, false) : c)).join('')).join('/')}`,
  )
  spelled.add(`/${path}`)
  spelled.add(`/.${path}`)
  spelled.add(`/x/..${path}`)
  spelled.add(`/%2e${path}`)
  spelled.add(`/%2E${path}`)
  spelled.add(`${path}/`)
  spelled.add(`${path}?`)
  spelled.add(`/${segments.join('%2f')}`)
  spelled.add(`/${segments.join('%2F')}`)
  spelled.add(path.toUpperCase())
  spelled.add(`/${(segments[0] ?? '').toUpperCase()}/${segments.slice(1).join('/')}`)
  spelled.add(path.replace(/\//g, '\\'))
  return [...spelled]
}

/** The route's URL with real values for its parameters. */
function fill(url: string): string {
  return url.replace(/:([a-z]+)/gi, (_, name: string) => {
    const value = params.get(name)
    if (value === undefined) throw new Error(`no test value for :${name} in ${url}`)
    return value
  })
}

function multipartImage(): { body: Buffer; type: string } {
  const boundary = 'spelling-test-boundary'
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    ONE_PIXEL_PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, type: `multipart/form-data; boundary=${boundary}` }
}

/** A body the handler would accept, so that only the access check stands between it and a 2xx. */
function bodyFor(route: DeclaredRoute): { body: Buffer; type: string } | undefined {
  if (route.method === 'GET' || route.method === 'HEAD' || route.method === 'DELETE') return undefined
  if (route.url.endsWith('-image')) return multipartImage()
  const json = (value: unknown) => ({ body: Buffer.from(JSON.stringify(value)), type: 'application/json' })
  if (route.url === '/api/users/login') return json({ email: adminEmail, password: adminPassword })
  if (route.url === '/api/users/unlock') return json({ email: adminEmail })
  if (route.url === '/api/users')
    return json({ email: `new-${Date.now()}@test.local`, password: 'secret-123' })
  if (route.url === '/api/users/:id') return json({ firstName: 'Spelled' })
  if (route.url === '/api/register') return json({ username: 'someone@test.local', password: 'secret-123' })
  if (route.url === '/api/contacts' || route.url === '/api/contacts/:id')
    return json({ firstName: 'Spelled' })
  if (route.url === '/api/companies' || route.url === '/api/companies/:id')
    return json({ companyName: 'Spelled' })
  return json({ name: 'Spelled' })
}

/** A foreign Origin, or a browser's word that the request is cross-site (when it sends no Origin). */
const FOREIGN: Record<string, string>[] = [
  { origin: 'http://evil.example' },
  { 'sec-fetch-site': 'cross-site' },
]

const routeName = (route: DeclaredRoute) => `${route.method} ${route.url}`

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'outpost-dist-'))
  mkdirSync(join(distDir, 'assets'))
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Outpost</title>')
  writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)')
  server = await startTestServer({ staticDir: distDir, registrationOpen: true })
  const signedIn = await server.signIn({ role: ROLE_IDS.Admin })
  cookie = signedIn.cookie
  adminId = signedIn.user.id
  adminEmail = signedIn.user.email
  adminPassword = signedIn.user.password
  base = await server.listen()
  params.set('id', adminId)
  params.set('folder', 'product_image')
  const upload = await server.request(cookie, {
    method: 'POST',
    url: '/api/product-image',
    headers: { 'content-type': multipartImage().type },
    payload: multipartImage().body,
  })
  params.set('filename', upload.json().doc.filename)
}, 60_000)

afterAll(async () => {
  await server?.close()
  rmSync(distDir, { recursive: true, force: true })
})

/** Records of every collection, so `/:id` routes point at something real. */
async function idFor(route: DeclaredRoute): Promise<string> {
  const match = /^\/api\/([a-z-]+)\/:id$/.exec(route.url)
  const collection = match?.[1]
  if (!collection) return adminId
  // Another member of staff: an Admin may change or delete them, so a leak would show as a 2xx.
  if (collection === 'users') return (await server.createUser()).id
  if (collection === 'roles') return ROLE_IDS.Admin
  const created = await server.request(cookie, {
    method: 'POST',
    url: `/api/${collection}`,
    payload:
      collection === 'companies'
        ? { companyName: 'Target' }
        : collection === 'contacts'
          ? { firstName: 'Target' }
          : { name: 'Target' },
  })
  expect(created.statusCode).toBe(201)
  return created.json().doc.id
}

describe('access is decided by the route, whatever the spelling', () => {
  it('registers every route with a declared access, images and the shell included', () => {
    const names = server.app.declaredRoutes.map(routeName)
    for (const name of [
      'GET /api/contacts',
      'GET /api/sync/changes',
      'GET /images/:folder/:filename',
      'GET /*',
      'POST /api/users/login',
    ])
      expect(names).toContain(name)
    expect(server.app.declaredRoutes.length).toBeGreaterThan(40)
  })

  it('answers no anonymous request 2xx in any spelling, but for the public allow-list', async () => {
    const leaks: string[] = []
    for (const route of server.app.declaredRoutes) {
      if (isShell(route) || PUBLIC_ROUTES.has(routeName(route))) continue
      params.set('id', await idFor(route))
      const path = fill(route.url)
      const plain = await rawCall(base, route.method, path, { accept: 'application/json' })
      expect(plain.status, `${routeName(route)} anonymous`).toBe(401)
      for (const spelled of spellingsOf(path)) {
        // Node's parser refuses a backslash before any route runs; its 400 has a body a HEAD client cannot read.
        if (route.method === 'HEAD' && spelled.includes('\\')) continue
        const payload = bodyFor(route)
        for (const accept of ['application/json', 'text/html']) {
          const answer = await rawCall(
            base,
            route.method,
            spelled,
            { accept, ...(payload ? { 'content-type': payload.type } : {}) },
            payload?.body,
          )
          // The app shell for a navigation (a HEAD answer has its headers and no body).
          const shell =
            (answer.headers['content-type'] ?? '').startsWith('text/html') &&
            (route.method === 'HEAD' || answer.body.includes('<title>Outpost</title>'))
          if ((answer.status >= 200 && answer.status < 300 && !shell) || answer.status >= 500)
            leaks.push(`${route.method} ${spelled} (${accept}) → ${answer.status}`)
        }
      }
    }
    expect(leaks).toEqual([])
  }, 120_000)

  it('carries out no cookie-authenticated write from a foreign Origin, in any spelling', async () => {
    const leaks: string[] = []
    const writes = server.app.declaredRoutes.filter((route) => !['GET', 'HEAD'].includes(route.method))
    expect(writes.length).toBeGreaterThan(20)
    for (const route of writes) {
      params.set('id', await idFor(route))
      const path = fill(route.url)
      for (const spelled of [path, ...spellingsOf(path)]) {
        const payload = bodyFor(route)
        for (const origin of FOREIGN) {
          const answer = await rawCall(
            base,
            route.method,
            spelled,
            { cookie, ...origin, ...(payload ? { 'content-type': payload.type } : {}) },
            payload?.body,
          )
          if (answer.status < 300 || answer.status >= 500)
            leaks.push(`${route.method} ${spelled} ${JSON.stringify(origin)} → ${answer.status}`)
        }
      }
    }
    expect(leaks).toEqual([])
    // The session survived every forged logout.
    expect((await rawCall(base, 'GET', '/api/contacts', { cookie })).status).toBe(200)
  }, 120_000)

  it('serves images only to a session, in every spelling', async () => {
    const path = `/images/product_image/${params.get('filename')}`
    expect((await rawCall(base, 'GET', path, { cookie })).status).toBe(200)
    for (const spelled of spellingsOf(path)) {
      const answer = await rawCall(base, 'GET', spelled)
      expect(answer.status, spelled).toBeGreaterThanOrEqual(400)
      expect(answer.headers['content-type'] ?? '', spelled).not.toMatch(/^image\//)
    }
  })

  it('answers the public routes anonymously, and the shell for navigations', async () => {
    expect((await rawCall(base, 'GET', '/api/users/me')).body).toBe('{"user":null}')
    expect((await rawCall(base, 'GET', '/contacts/list', { accept: 'text/html' })).status).toBe(200)
    expect((await rawCall(base, 'GET', '/%61ssets/index-abc123.js')).status).toBe(200)
    expect((await rawCall(base, 'GET', '/assets/missing.js')).status).toBe(404)
  })
})
