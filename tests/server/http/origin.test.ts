/**
 * The server's own origin comes from configuration (PUBLIC_URL) or its own
 * names, never from what a request claims: a page on a rebound DNS name
 * (Host: evil.example, Origin: http://evil.example) is not "same origin".
 */

import cookie from '@fastify/cookie'
import type { FastifyInstance } from 'fastify'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { installAccessControl, SHELL } from '../../../server/http/access'
import { ownOrigin } from '../../../server/http/origin'
import { startTestServer, type TestServer } from '../helpers'

let server: TestServer
let cookieHeader: string

beforeAll(async () => {
  server = await startTestServer()
  cookieHeader = (await server.signIn()).cookie
})
afterAll(async () => {
  await server?.close()
})

const write = (app: FastifyInstance, headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/api/contacts',
    payload: { firstName: 'Rebound' },
    headers: { cookie: cookieHeader, ...headers },
  })

describe('the Host names this server', () => {
  it('refuses a foreign Host with 421 and the error body, even when Origin agrees with it', async () => {
    const answer = await write(server.app, { host: 'evil.example', origin: 'http://evil.example' })
    expect(answer.statusCode).toBe(421)
    expect(answer.json().errors[0]).toMatchObject({ name: 'MisdirectedRequest' })
    const read = await server.request(cookieHeader, {
      method: 'GET',
      url: '/api/contacts',
      headers: { host: 'evil.example:3000' },
    })
    expect(read.statusCode).toBe(421)
  })

  it('answers its loopback names on any port, and the names it was given', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:8080', '[::1]:3000', 'LOCALHOST'])
      expect((await write(server.app, { host, origin: `http://${host.toLowerCase()}` })).statusCode).toBe(201)
    const lan = await buildApp({ db: server.db, hostNames: ['192.168.1.20', 'crm-box'] })
    try {
      expect(
        (await write(lan, { host: '192.168.1.20:3000', origin: 'http://192.168.1.20:3000' })).statusCode,
      ).toBe(201)
      expect((await write(lan, { host: 'crm-box:3000' })).statusCode).toBe(201)
      expect((await write(lan, { host: '192.168.1.21:3000' })).statusCode).toBe(421)
    } finally {
      await lan.close()
    }
  })
})

describe('PUBLIC_URL', () => {
  let pub: FastifyInstance
  beforeAll(async () => {
    pub = await buildApp({ db: server.db, publicUrl: 'https://crm.example.com' })
  })
  afterAll(async () => {
    await pub?.close()
  })

  it('is the only origin writes may come from', async () => {
    expect(
      (await write(pub, { host: 'crm.example.com', origin: 'https://crm.example.com' })).statusCode,
    ).toBe(201)
    // A proxy that forwards plain HTTP does not make http:// our origin.
    expect((await write(pub, { host: 'crm.example.com', origin: 'http://crm.example.com' })).statusCode).toBe(
      403,
    )
    expect(
      (await write(pub, { host: 'other.example.com', origin: 'https://other.example.com' })).statusCode,
    ).toBe(421)
  })

  it('marks the session cookie Secure when it is https', async () => {
    const user = await server.createUser()
    const answer = await pub.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: user.password },
      headers: { host: 'crm.example.com' },
    })
    expect(answer.statusCode).toBe(200)
    expect(String(answer.headers['set-cookie'])).toContain('Secure')
  })
})

describe('every route declares who may call it', () => {
  it('refuses at start a route with no declaration, or a write that skips the Origin check', async () => {
    const app = Fastify()
    await app.register(cookie)
    installAccessControl(app, server.db, { sessions: { idleDays: 1, maxDays: 30 }, ownOrigin: ownOrigin() })
    expect(() => app.get('/undeclared', async () => 'open')).toThrow(/declares no access/)
    expect(() => app.post('/forgeable', { config: { access: SHELL } }, async () => 'open')).toThrow(
      /must check the Origin/,
    )
    await app.close()
  })
})
