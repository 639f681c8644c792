/**
 * A plain list's totalDocs is remembered until the table's next write
 * (server/collections/counts.ts) and must stay exact: after creates, updates,
 * deletes and purges through any path, while a write is still uncommitted on
 * PostgreSQL, and for another connection pool's writes (a second process).
 * Deep pages read their ids from the sort index first; they must be the same
 * rows in the same order as reading the table.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { migrate } from '../../server/db/migrate'
import { openDb } from '../../server/db/open'
import { contacts } from '../../server/db/schema'
import { withWriteLock } from '../../server/db/write'
import { purgeTombstones } from '../../server/maintenance'
import { createUser } from '../../server/users/store'
import { startTestServer, type TestServer } from './helpers'
import { startTestPostgres, type TestPostgres } from './postgres'

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows

async function liveCount(server: TestServer) {
  const [row] = rowsOf(
    await server.db.execute(sql`select count(*)::int as n from contacts where deleted_at is null`),
  )
  return Number(row?.n)
}

describe('remembered counts on one server', () => {
  let server: TestServer
  let cookie: string
  beforeAll(async () => {
    server = await startTestServer({ databaseUrl: null })
    cookie = (await server.signIn()).cookie
    await server.db.execute(
      sql`insert into contacts (id, first_name, last_name) select gen_random_uuid(), 'First ' || g, 'Last ' || (g % 7) from generate_series(1, 45) g`,
    )
  })
  afterAll(() => server?.close())

  const list = async (query = '') => {
    const response = await server.request(cookie, { method: 'GET', url: `/api/contacts?limit=10${query}` })
    expect(response.statusCode).toBe(200)
    return response.json() as {
      totalDocs: number
      docs: { id: string; lastName: string }[]
      totalPages: number
    }
  }

  it('follows every write: API create, update, delete, a row written by SQL, and a purge', async () => {
    expect((await list()).totalDocs).toBe(45)
    expect((await list()).totalDocs).toBe(45)
    const created = await server.request(cookie, {
      method: 'POST',
      url: '/api/contacts',
      payload: { firstName: 'Counted', lastName: 'Once' },
    })
    expect(created.statusCode).toBe(201)
    const id = created.json().doc.id as string
    expect((await list()).totalDocs).toBe(46)
    const updated = await server.request(cookie, {
      method: 'PATCH',
      url: `/api/contacts/${id}`,
      payload: { title: 'x' },
    })
    expect(updated.statusCode).toBe(200)
    expect((await list('&page=5')).totalDocs).toBe(46)
    expect((await server.request(cookie, { method: 'DELETE', url: `/api/contacts/${id}` })).statusCode).toBe(
      200,
    )
    expect((await list()).totalDocs).toBe(45)
    await server.db.insert(contacts).values({ id: randomUUID(), firstName: 'Direct' })
    expect((await list()).totalDocs).toBe(46)
    // An older contact deleted, then its tombstone purged before any list: the table's max(seq)
    // is back to what it was when 46 were counted, yet 45 are left.
    const [older] = rowsOf(
      await server.db.execute(sql`select id from contacts where deleted_at is null order by seq limit 1`),
    )
    const deleted = await server.request(cookie, {
      method: 'DELETE',
      url: `/api/contacts/${String(older?.id)}`,
    })
    expect(deleted.statusCode).toBe(200)
    expect(await purgeTombstones(server.db, 0, new Date(Date.now() + 1000))).toBe(2)
    expect((await list()).totalDocs).toBe(45)
    await server.db.insert(contacts).values({ id: randomUUID(), firstName: 'After purge' })
    expect((await list()).totalDocs).toBe(await liveCount(server))
    // Past the last page: no row carries the head, the count is still exact.
    const beyond = await list('&page=99')
    expect(beyond.docs).toEqual([])
    expect(beyond.totalDocs).toBe(46)
  })

  it('answers deep pages with the rows and order of reading the table', async () => {
    const expected = rowsOf(
      await server.db.execute(
        sql`select id from contacts where deleted_at is null order by lower(last_name) collate "C", id`,
      ),
    ).map((row) => row.id)
    const seen: unknown[] = []
    const { totalPages } = await list()
    for (let page = 1; page <= totalPages; page++)
      seen.push(...(await list(`&page=${page}`)).docs.map((doc) => doc.id))
    expect(seen).toEqual(expected)
    const descending = await list('&page=2&sort=-lastName')
    const reversed = rowsOf(
      await server.db.execute(
        sql`select id from contacts where deleted_at is null order by lower(last_name) collate "C" desc, id limit 10 offset 10`,
      ),
    ).map((row) => row.id)
    expect(descending.docs.map((doc) => doc.id)).toEqual(reversed)
  })
})

describe('remembered counts on PostgreSQL', () => {
  let postgres: TestPostgres
  beforeAll(async () => {
    postgres = await startTestPostgres()
  }, 120_000)
  afterAll(() => postgres?.stop())

  it('stay exact across two connection pools and while a write is uncommitted', async () => {
    // Two handles on one database: two processes as far as remembered counts go.
    const first = await openDb({ databaseUrl: postgres.url })
    await migrate(first)
    const second = await openDb({ databaseUrl: postgres.url })
    const app = await buildApp({ db: first.db, signInLimits: { perAddress: false } })
    const other = await buildApp({ db: second.db, signInLimits: { perAddress: false } })
    try {
      await createUser(first.db, { email: 'counts@test.local', password: 'counts-secret-1' })
      const login = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'counts@test.local', password: 'counts-secret-1' },
      })
      const cookie = String(login.headers['set-cookie']).split(';')[0] as string
      const total = async (on = app) =>
        (await on.inject({ method: 'GET', url: '/api/contacts?limit=5', headers: { cookie } })).json()
          .totalDocs
      expect(await total()).toBe(0)
      expect(await total()).toBe(0)
      const created = await other.inject({
        method: 'POST',
        url: '/api/contacts',
        headers: { cookie, 'content-type': 'application/json' },
        payload: { firstName: 'From the other process' },
      })
      expect(created.statusCode).toBe(201)
      expect(await total()).toBe(1)

      // A write holds the lock with its row inserted but not committed; the lists meanwhile count 1.
      let commit = () => {}
      let inserted = () => {}
      const insertedYet = new Promise<void>((resolve) => {
        inserted = resolve
      })
      const writing = withWriteLock(second.db, async (tx) => {
        await tx.insert(contacts).values({ id: randomUUID(), firstName: 'In flight' })
        inserted()
        await new Promise<void>((resolve) => {
          commit = resolve
        })
      })
      await insertedYet
      expect(await total()).toBe(1)
      expect(await total()).toBe(1)
      commit()
      await writing
      expect(await total()).toBe(2)
      expect(await total(other)).toBe(2)
    } finally {
      await app.close()
      await other.close()
      await first.close()
      await second.close()
    }
  }, 60_000)
})
