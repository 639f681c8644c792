/**
 * Readers of a busy search share one whole search (server/collections/search-flights.ts): a request for
 * a page being searched takes that search's answer when its snapshot is as new as the table the request
 * found, and searches itself otherwise. Then, through the API on PGlite (and PostgreSQL with
 * DATABASE_URL): many readers at once after a write, and a write between them, all answer what reading
 * the table answers.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Found, sharedSearch } from '../../../server/collections/search-flights'
import type { Db } from '../../../server/db/open'
import { startTestServer, type TestServer } from '../helpers'

/** A search the test finishes when it likes, counting how often it was started. */
function searches() {
  const started: ((found: Found | Error) => void)[] = []
  const search = () =>
    new Promise<Found>((resolve, reject) => {
      started.push((found) => (found instanceof Error ? reject(found) : resolve(found)))
    })
  return { started, search }
}

const found = (head: number): Found => ({ rows: [], total: head, head })
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('sharedSearch', () => {
  it('gives a page being searched to the next reader when the table has not moved since', async () => {
    const db = {} as Db
    const { started, search } = searches()
    const first = sharedSearch(db, 'page', async () => 7, search)
    const second = sharedSearch(db, 'page', async () => 7, search)
    await tick()
    expect(started).toHaveLength(1)
    started[0]?.(found(7))
    expect(await second).toBe(await first)
  })

  it('searches again for a reader that found the table newer than the running search saw it', async () => {
    const db = {} as Db
    const { started, search } = searches()
    const first = sharedSearch(db, 'page', async () => 7, search)
    const second = sharedSearch(db, 'page', async () => 8, search)
    await tick()
    started[0]?.(found(7))
    await tick()
    expect(started).toHaveLength(2)
    started[1]?.(found(8))
    expect((await first).head).toBe(7)
    expect((await second).head).toBe(8)
  })

  it('searches again when the running search fails, and forgets a finished one', async () => {
    const db = {} as Db
    const { started, search } = searches()
    const failing = sharedSearch(db, 'page', async () => 7, search)
    const waiting = sharedSearch(db, 'page', async () => 7, search)
    await tick()
    started[0]?.(new Error('lost the connection'))
    await expect(failing).rejects.toThrow('lost the connection')
    await tick()
    expect(started).toHaveLength(2)
    started[1]?.(found(7))
    expect((await waiting).head).toBe(7)
    const later = sharedSearch(db, 'page', async () => 7, search)
    await tick()
    expect(started).toHaveLength(3)
    started[2]?.(found(7))
    await later
  })

  it('never shares between pages, nor a search without a head', async () => {
    const db = {} as Db
    const { started, search } = searches()
    const one = sharedSearch(db, 'page 1', async () => 7, search)
    const two = sharedSearch(db, 'page 2', async () => 7, search)
    await tick()
    expect(started).toHaveLength(2)
    started[0]?.({ rows: [], total: 0, head: undefined })
    const again = sharedSearch(db, 'page 1', async () => 7, search)
    started[1]?.(found(7))
    await Promise.all([one, two])
    await tick()
    expect(started).toHaveLength(3)
    started[2]?.(found(7))
    await again
  })
})

describe('many readers of one search while the team writes', () => {
  let server: TestServer
  let cookie: string
  const SEARCH = '/api/contacts?limit=10&where[lastName][like]=son'
  beforeAll(async () => {
    server = await startTestServer()
    cookie = (await server.signIn({ role: 'admin' })).cookie
    await server.db.execute(sql`
      insert into contacts (id, first_name, last_name, seq)
      select gen_random_uuid(), 'Ann', (array['Baker','Wilson','Fox','Johansson'])[1 + g % 4], nextval('write_seq')
      from generate_series(1, 400) g`)
  })
  afterAll(() => server?.close())

  const read = async () => {
    const response = await server.request(cookie, { method: 'GET', url: SEARCH })
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json() as { docs: { id: string; lastName: string }[]; totalDocs: number }
    return { ids: body.docs.map((doc) => doc.id), total: body.totalDocs }
  }
  /** What reading the table answers. */
  const truth = async () => {
    const result = await server.db.execute(sql`
      select id, count(*) over () as total from contacts where deleted_at is null and last_name ilike '%son%'
      order by lower(last_name collate "und-x-icu") collate "C", id limit 10`)
    const rows = (result as unknown as { rows: { id: string; total: number | string }[] }).rows
    return { ids: rows.map((row) => row.id), total: Number(rows[0]?.total ?? 0) }
  }
  const someone = async (lastName: string) => {
    const [row] = (
      (await server.db.execute(
        sql`select id from contacts where last_name = 'Baker' limit 1`,
      )) as unknown as {
        rows: { id: string }[]
      }
    ).rows
    const response = await server.request(cookie, {
      method: 'PATCH',
      url: `/api/contacts/${row?.id}`,
      payload: { lastName },
    })
    expect(response.statusCode, response.body).toBe(200)
  }

  it('answers every reader the table as it stands, and a reader after a write sees it', async () => {
    await read()
    for (const lastName of ['Anderson', 'Carson', 'Abramson']) {
      // A write every remembered page and position of the search must follow: the row sorts first.
      await someone(lastName)
      const before = await truth()
      const readers = await Promise.all(Array.from({ length: 8 }, read))
      for (const answer of readers) expect(answer).toEqual(before)
      // Readers asking while a write lands: those after it must see it.
      const during = Array.from({ length: 4 }, read)
      await someone('Dawson')
      const after = await read()
      expect(after).toEqual(await truth())
      expect(after.total).toBe(before.total + 1)
      for (const answer of await Promise.all(during)) expect([before, after]).toContainEqual(answer)
    }
  })
})
