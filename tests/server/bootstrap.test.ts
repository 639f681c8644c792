import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrap, DEFAULT_ADMIN_EMAIL } from '../../server/bootstrap'
import { readConfig } from '../../server/config'
import { DEPARTMENTS } from '../../src/domain/contact'
import { startTestServer, type TestServer } from './helpers'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

describe('bootstrap', () => {
  it('creates the Admin with a generated password printed once, and sample records; later runs do nothing', async () => {
    const lines: string[] = []
    const result = await bootstrap(server.db, { seedSample: true, print: (line) => lines.push(line) })
    expect(result.createdAdmin).toMatchObject({ email: DEFAULT_ADMIN_EMAIL, generated: true })
    const password = result.createdAdmin?.password ?? ''
    expect(password.length).toBeGreaterThanOrEqual(12)
    expect(lines.join('\n')).toContain(`${DEFAULT_ADMIN_EMAIL} / ${password}`)
    expect(result.seededContacts).toBeGreaterThanOrEqual(20)

    const cookie = await server.login(DEFAULT_ADMIN_EMAIL, password)
    const me = await server.request(cookie, { method: 'GET', url: '/api/users/me' })
    expect(me.json().user.role).toEqual({ id: 'admin', roleName: 'Admin' })
    const list = (await server.request(cookie, { method: 'GET', url: '/api/contacts?limit=100' })).json()
    expect(list.totalDocs).toBe(result.seededContacts)
    const departments = new Set(list.docs.map((doc: { department: string }) => doc.department))
    for (const department of DEPARTMENTS) expect(departments).toContain(department)
    expect(new Set(list.docs.map((doc: { email: string }) => doc.email)).size).toBe(list.totalDocs)
    // Every sample contact works for a sample company, the one of its email's domain.
    const companies = (
      await server.request(cookie, { method: 'GET', url: '/api/companies?limit=100' })
    ).json()
    expect(companies.totalDocs).toBeGreaterThanOrEqual(10)
    const byId = new Map(companies.docs.map((doc: { id: string; email: string }) => [doc.id, doc]))
    for (const contact of list.docs as { email: string; company: { relationTo: string; value: string } }[]) {
      expect(contact.company.relationTo).toBe('companies')
      const company = byId.get(contact.company.value) as { email: string } | undefined
      expect(company?.email.split('@')[1]).toBe(contact.email.split('@')[1])
    }
    for (const path of ['industries', 'services', 'products']) {
      const items = (await server.request(cookie, { method: 'GET', url: `/api/${path}` })).json()
      expect(items.totalDocs).toBeGreaterThanOrEqual(3)
      expect(items.docs[0].description.length).toBeGreaterThan(0)
    }

    const again: string[] = []
    const second = await bootstrap(server.db, { seedSample: true, print: (line) => again.push(line) })
    expect(second).toEqual({ seededContacts: 0 })
    expect(again).toEqual([])
  })
})

describe('readConfig', () => {
  it('has the documented defaults', () => {
    const config = readConfig({})
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      seedSample: true,
      sessionIdleDays: 14,
      sessionMaxDays: 30,
      requestTimeoutSeconds: 120,
      maxConnectionsPerAddress: 100,
      queryTimeoutMs: 5000,
      tombstoneDays: 90,
      trashDays: 30,
      trustProxy: 0,
    })
    expect(config.dataDir).toMatch(/\/data$/)
    expect(config.staticDir).toMatch(/\/dist$/)
    expect(config.databaseUrl).toBeUndefined()
  })

  it('reads the environment and refuses nonsense', () => {
    const config = readConfig({
      PORT: '8080',
      SEED_SAMPLE: '0',
      DATABASE_URL: 'postgres://u@h/db',
      TRUST_PROXY: '1',
    })
    expect(config).toMatchObject({
      port: 8080,
      seedSample: false,
      databaseUrl: 'postgres://u@h/db',
      trustProxy: 1,
    })
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(readConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0', SESSION_MAX_DAYS: '7' })).toMatchObject({
      maxConnectionsPerAddress: 0,
      sessionMaxDays: 7,
    })
    expect(() => readConfig({ MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/)
    expect(() => readConfig({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/REQUEST_TIMEOUT_SECONDS/)
    expect(() => readConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
    // The Trash cannot offer a record whose tombstone the purge has taken.
    expect(readConfig({ TRASH_DAYS: '7' }).trashDays).toBe(7)
    expect(() => readConfig({ TRASH_DAYS: '60', TOMBSTONE_DAYS: '45' })).toThrow(/TRASH_DAYS/)
  })
})
