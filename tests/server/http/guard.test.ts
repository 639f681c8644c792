import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { messages } from '../../../src/domain/errors'
import { startTestServer, type TestServer } from '../helpers'

let server: TestServer
let cookie: string
let distDir: string
let withStatic: FastifyInstance

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'outpost-dist-'))
  mkdirSync(join(distDir, 'assets'))
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Outpost</title>')
  writeFileSync(join(distDir, 'sw.js'), 'self.addEventListener("install", () => {})')
  writeFileSync(join(distDir, 'manifest.webmanifest'), '{"name":"Outpost"}')
  writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)')
  server = await startTestServer()
  cookie = (await server.signIn()).cookie
  withStatic = await buildApp({ db: server.db, staticDir: distDir, signInLimits: { perAddress: false } })
})
afterAll(async () => {
  await withStatic?.close()
  await server?.close()
  rmSync(distDir, { recursive: true, force: true })
})

const post = (headers: Record<string, string>, payload: string | object = { firstName: 'Guarded' }) =>
  server.request(cookie, { method: 'POST', url: '/api/contacts', payload, headers })

describe('CSRF guard on writes', () => {
  it('refuses a write from another Origin with 403 and the error body', async () => {
    const response = await post({ origin: 'https://evil.example' })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({
      errors: [{ name: 'Forbidden', title: messages.forbidden, message: messages.forbidden }],
    })
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'a@b.example', password: 'whatever' },
      headers: { origin: 'http://evil.example' },
    })
    expect(login.statusCode).toBe(403)
  })

  it('accepts our own Origin, and no Origin at all', async () => {
    expect((await post({ origin: 'http://localhost:80', host: 'localhost:80' })).statusCode).toBe(201)
    expect((await post({})).statusCode).toBe(201)
  })

  it('refuses a cross-site fetch without Origin (Sec-Fetch-Site)', async () => {
    expect((await post({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403)
  })

  it('answers 415 to a text/plain or form-urlencoded body', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await post({ 'content-type': type }, 'firstName=Plain')
      expect(response.statusCode).toBe(415)
      expect(response.json().errors[0].name).toBe('UnsupportedMediaType')
    }
  })

  it('lets a DELETE (or logout) without a body through', async () => {
    const { doc } = (await post({})).json()
    const response = await server.request(cookie, { method: 'DELETE', url: `/api/contacts/${doc.id}` })
    expect(response.statusCode).toBe(200)
  })
})

describe('errors are always the error body', () => {
  it('413 for a JSON body over 1 MB', async () => {
    const response = await post({}, { firstName: 'x'.repeat(1_100_000) })
    expect(response.statusCode).toBe(413)
    expect(response.json().errors[0].name).toBe('PayloadTooLarge')
  })

  it('404 for an unknown /api route, signed in or not', async () => {
    for (const c of [cookie, undefined]) {
      const response = await server.request(c, { method: 'GET', url: '/api/unknown/thing' })
      expect(response.statusCode).toBe(404)
      expect(response.json().errors[0].message).toBe(messages.notFound)
    }
  })

  it('a sane answer to odd query strings', async () => {
    const odd = ['where[firstName][like]=%E0%A4%A', 'where[__proto__][x]=1', 'page[number][x]=1', 'sort[]=a']
    for (const query of odd) {
      const response = await server.request(cookie, { method: 'GET', url: `/api/contacts?${query}` })
      expect(response.statusCode, query).toBeLessThan(500)
      if (response.statusCode !== 200) expect(response.json().errors[0].message).toBeTruthy()
    }
  })
})

describe('security headers and the built PWA', () => {
  it('sends the CSP the PWA works under', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/users/me' })
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("style-src 'self' 'unsafe-inline'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('upgrade-insecure-requests')
  })

  it('serves index.html for history routes, never for /api or /images or files', async () => {
    const page = await withStatic.inject({
      method: 'GET',
      url: '/contacts/edit/123',
      headers: { accept: 'text/html' },
    })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<title>Outpost</title>')
    expect(page.headers['cache-control']).toBe('no-cache')
    const root = await withStatic.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
    expect(root.body).toContain('<title>Outpost</title>')
    const api = await withStatic.inject({
      method: 'GET',
      url: '/api/nothing',
      headers: { accept: 'text/html' },
    })
    expect(api.statusCode).toBe(404)
    expect(api.json().errors).toBeDefined()
    const image = await withStatic.inject({
      method: 'GET',
      url: '/images/x.png',
      headers: { accept: 'text/html' },
    })
    expect(image.statusCode).toBe(404)
    const missing = await withStatic.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    })
    expect(missing.statusCode).toBe(404)
  })

  it('caches hashed assets for a year and revalidates the shell, service worker and manifest', async () => {
    const asset = await withStatic.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    for (const url of ['/sw.js', '/manifest.webmanifest', '/index.html']) {
      const response = await withStatic.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['cache-control'], url).toBe('no-cache')
    }
  })
})
