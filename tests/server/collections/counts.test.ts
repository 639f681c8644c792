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
import { buildApp } from '../../../server/app'
import { migrate } from '../../../server/db/migrate'
import { openDb } from '../../../server/db/open'
import { contacts } from '../../../server/db/schema'
import { withWriteLock } from '../../../server/db/write'
import { purgeTombstones } from '../../../server/maintenance'
import { createUser } from '../../../server/users/store'
import { startTestServer, type TestServer } from '../helpers'
import { startTestPostgres, type TestPostgres } from '../postgres'

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

/**
 * Searches remember their count too, and a repeated search reads its page
 * from a bounded prefix of the sort order; plain lists remember where their
 * deep pages begin. Both must answer exactly what reading the table answers,
 * whether the prefix holds the page or not (matches early, clustered late),
 * and after every kind of write. On PGlite, and on PostgreSQL with DATABASE_URL.
 */
describe('remembered searches and page positions', () => {
  let server: TestServer
  let cookie: string
  beforeAll(async () => {
    server = await startTestServer()
    cookie = (await server.signIn()).cookie
    // 'aar' matches the first 300 rows of the list order; 'son' only 20 rows after them and 80 at the end;
    // 'rt' one Aaron in ten, then the 200 Carters after the Bensons.
    await server.db.execute(sql`
      insert into contacts (id, first_name, last_name, email)
      select gen_random_uuid(), 'F' || g,
        case when g <= 300 then 'Aaron ' || lpad(g::text, 3, '0') || case when g % 10 = 0 then ' rt' else '' end
          when g <= 320 then 'Benson' when g <= 520 then 'Carter' else 'Zson' end,
        'p' || g || '@example.com'
      from generate_series(1, 600) g`)
  })
  afterAll(() => server?.close())

  const get = async (query: string) => {
    const response = await server.request(cookie, { method: 'GET', url: `/api/contacts?limit=10${query}` })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as { totalDocs: number; docs: { id: string }[] }
  }

  /** The page and count the table gives, for a condition on the live rows. */
  async function fromTable(condition: ReturnType<typeof sql>, page: number) {
    const live = sql`deleted_at is null and ${condition}`
    const ids = rowsOf(
      await server.db.execute(
        sql`select id from contacts where ${live} order by lower(last_name) collate "C", id limit 10 offset ${(page - 1) * 10}`,
      ),
    ).map((row) => row.id)
    const [counted] = rowsOf(
      await server.db.execute(sql`select count(*)::int as n from contacts where ${live}`),
    )
    return { ids, total: Number(counted?.n) }
  }

  async function expectAsTable(query: string, condition: ReturnType<typeof sql>, pages: number[]) {
    for (const page of pages) {
      const expected = await fromTable(condition, page)
      // Three times: the first answer remembers, the second reads through what it remembered (and learns
      // where its page begins, or that a walk from there misses), the third through that.
      for (let round = 0; round < 3; round++) {
        const answer = await get(`${query}&page=${page}`)
        expect(answer.docs.map((doc) => doc.id)).toEqual(expected.ids)
        expect(answer.totalDocs).toBe(expected.total)
      }
    }
  }

  const son = sql`last_name ilike '%son%'`
  const aar = sql`last_name ilike '%aar%'`
  const threeFields = sql`(first_name ilike '%f1%' or last_name ilike '%f1%' or email ilike '%f1%')`
  const rt = sql`last_name ilike '%rt%'`
  const searches: [string, ReturnType<typeof sql>][] = [
    ['&where[lastName][like]=son', son],
    ['&where[lastName][like]=aar', aar],
    // Sparse from its first match (one in ten rows) and then dense: the walk from a page's first match
    // misses on the early pages and holds on the late ones.
    ['&where[lastName][like]=rt', rt],
    [
      '&where[or][0][firstName][like]=f1&where[or][1][lastName][like]=f1&where[or][2][email][like]=f1',
      threeFields,
    ],
  ]

  it('answers a repeated search as the table does, early matches or late, on every page', async () => {
    for (const [query, condition] of searches) await expectAsTable(query, condition, [1, 2, 3, 9, 10, 11, 31])
  })

  it('follows writes between repeated searches', async () => {
    await expectAsTable(searches[0]?.[0] as string, son, [1, 2])
    await expectAsTable(searches[1]?.[0] as string, aar, [1, 30])
    // First in the list order: on page 1 of 'aar' and of 'son' alike.
    const created = await server.request(cookie, {
      method: 'POST',
      url: '/api/contacts',
      payload: { firstName: 'New', lastName: 'Aaarson' },
    })
    expect(created.statusCode).toBe(201)
    const id = created.json().doc.id as string
    for (const [query, condition] of searches) await expectAsTable(query, condition, [1, 2, 31])
    expect((await get(searches[0]?.[0] as string)).docs[0]?.id).toBe(id)
    expect((await get(searches[1]?.[0] as string)).docs[0]?.id).toBe(id)
    // An update that moves a row out of the matches, a delete, and a row written by SQL.
    const [aaron] = rowsOf(
      await server.db.execute(
        sql`select id from contacts where last_name like 'Aaron%' and last_name not like '%rt' limit 1`,
      ),
    )
    const renamed = await server.request(cookie, {
      method: 'PATCH',
      url: `/api/contacts/${String(aaron?.id)}`,
      payload: { lastName: 'Moved' },
    })
    expect(renamed.statusCode).toBe(200)
    for (const [query, condition] of searches) await expectAsTable(query, condition, [1, 30])
    expect((await server.request(cookie, { method: 'DELETE', url: `/api/contacts/${id}` })).statusCode).toBe(
      200,
    )
    for (const [query, condition] of searches) await expectAsTable(query, condition, [1, 2])
    await server.db.insert(contacts).values({ id: randomUUID(), firstName: 'Direct', lastName: 'Aardson' })
    for (const [query, condition] of searches) await expectAsTable(query, condition, [1, 2, 31])
  })

  it('answers a deep page read again, or the next one, as the table does after writes', async () => {
    const all = sql`true`
    await expectAsTable('', all, [40, 41, 59, 60, 61])
    // A row sorting before page 40 moves every later row one place.
    const created = await server.request(cookie, {
      method: 'POST',
      url: '/api/contacts',
      payload: { firstName: 'Early', lastName: 'Aa' },
    })
    expect(created.statusCode).toBe(201)
    await expectAsTable('', all, [40, 41, 60, 61])
    const [row] = rowsOf(
      await server.db.execute(
        sql`select id from contacts where deleted_at is null order by lower(last_name) collate "C", id offset 5 limit 1`,
      ),
    )
    expect(
      (await server.request(cookie, { method: 'DELETE', url: `/api/contacts/${String(row?.id)}` }))
        .statusCode,
    ).toBe(200)
    await expectAsTable('', all, [41, 40, 61])
    // In id order and first-name order too (both seek by a remembered row).
    for (const sort of ['id', 'firstName']) {
      for (const page of [30, 31, 30]) {
        const order = sort === 'id' ? sql`id` : sql`lower(first_name collate "und-x-icu") collate "C", id`
        const ids = rowsOf(
          await server.db.execute(
            sql`select id from contacts where deleted_at is null order by ${order} limit 10 offset ${(page - 1) * 10}`,
          ),
        ).map((entry) => entry.id)
        expect((await get(`&sort=${sort}&page=${page}`)).docs.map((doc) => doc.id)).toEqual(ids)
      }
    }
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
      const searched = async (on = app) =>
        (
          await on.inject({
            method: 'GET',
            url: '/api/contacts?limit=5&where[firstName][like]=other process',
            headers: { cookie },
          })
        ).json().totalDocs
      expect(await total()).toBe(0)
      expect(await total()).toBe(0)
      expect(await searched()).toBe(0)
      expect(await searched()).toBe(0)
      const created = await other.inject({
        method: 'POST',
        url: '/api/contacts',
        headers: { cookie, 'content-type': 'application/json' },
        payload: { firstName: 'From the other process' },
      })
      expect(created.statusCode).toBe(201)
      expect(await total()).toBe(1)
      expect(await searched()).toBe(1)
      expect(await searched()).toBe(1)

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
