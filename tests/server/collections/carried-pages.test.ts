/**
 * A kept page is carried across a write this process follows when the write left it as it was
 * (server/collections/pages.ts, carryPages; follow-writes.ts, pageLeftAsItWas), and read again when the
 * write changed it: the row written is on it, before or after, or a row came or went before it, or the
 * row joins a short last page. Proven from outside: a row changed underneath (its title, with no new
 * seq, so the table's head does not move) shows in the answer only when the page was read again.
 * On PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../helpers'

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows

interface Doc {
  id: string
  lastName: string
  title?: string | null
}

describe('pages carried across a write', () => {
  let server: TestServer
  let cookie: string
  beforeAll(async () => {
    server = await startTestServer()
    cookie = (await server.signIn()).cookie
    // 12 matches of 'son' (Anderson, Carson, Ericsson), the rest not.
    await server.db.execute(sql`
      insert into contacts (id, first_name, last_name, seq)
      select gen_random_uuid(), 'Ann', (array['Anderson','Baker','Carson','Dunn','Ericsson','Fox'])[1 + g % 6],
        nextval('write_seq')
      from generate_series(1, 24) g`)
  })
  afterAll(() => server?.close())

  const son = (page: number) => `/api/contacts?where[lastName][like]=son&limit=5&page=${page}`

  const read = async (page: number) => {
    const response = await server.request(cookie, { method: 'GET', url: son(page) })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as { docs: Doc[]; totalDocs: number }
  }

  const write = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const response = await server.request(cookie, { method, url, payload })
    expect(response.statusCode, response.body).toBeLessThan(300)
    return response.json() as { doc: Doc }
  }

  /** The ids of 'son' matches in the list's order, as the table holds them. */
  const matches = async () =>
    rowsOf(
      await server.db.execute(
        sql`select id from contacts where deleted_at is null and last_name ilike '%son%' order by lower(last_name collate "und-x-icu") collate "C", id`,
      ),
    ).map((row) => String(row.id))

  const idNotMatching = async () => {
    const [row] = rowsOf(
      await server.db.execute(sql`select id from contacts where last_name = 'Baker' order by id limit 1`),
    )
    return String(row?.id)
  }

  /** Titles changed underneath, without a seq: only a page read again from the table shows them. */
  const changeUnderneath = (ids: string[], title: string) =>
    server.db.execute(
      sql`update contacts set title = ${title} where id in ${sql`(${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`}`,
    )

  /**
   * Reads the page, changes its rows' titles underneath, runs `step` (which writes other rows), and says
   * whether the page was read again: whether any of its rows came with the title changed underneath.
   */
  async function readAgainAfter(page: number, step: () => Promise<unknown>) {
    await read(page)
    const ids = (await read(page)).docs.map((doc) => doc.id)
    if (ids.length === 0) throw new Error('the page is empty')
    const marker = `underneath ${Math.random()}`
    await changeUnderneath(ids, marker)
    await step()
    const after = await read(page)
    const readAgain = after.docs.some((doc) => doc.title === marker)
    // Carried or read again, the page is the table's page (but for the titles changed underneath).
    const all = await matches()
    expect(after.docs.map((doc) => doc.id)).toEqual(all.slice((page - 1) * 5, page * 5))
    expect(after.totalDocs).toBe(all.length)
    await changeUnderneath(ids, '')
    return readAgain
  }

  it('keeps a page across a write to a row outside the search', async () => {
    const id = await idNotMatching()
    expect(
      await readAgainAfter(1, () => write('PATCH', `/api/contacts/${id}`, { title: 'Moved desks' })),
    ).toBe(false)
  })

  it('keeps a page across a write that puts a row after it, or takes one away after it', async () => {
    const created = await write('POST', '/api/contacts', { firstName: 'Zed', lastName: 'Zzzson' })
    const id = created.doc.id
    expect(await readAgainAfter(1, () => write('PATCH', `/api/contacts/${id}`, { title: 'Later' }))).toBe(
      false,
    )
    expect(await readAgainAfter(1, () => write('DELETE', `/api/contacts/${id}`))).toBe(false)
  })

  it('reads a page again when the write puts a row before it or on it', async () => {
    const before = await write('POST', '/api/contacts', { firstName: 'Al', lastName: 'Aason' })
    // Page 2 gains a row before it (Aason sorts first): every row of it moves on by one.
    const id = await idNotMatching()
    expect(await readAgainAfter(2, () => write('PATCH', `/api/contacts/${id}`, { lastName: 'Abson' }))).toBe(
      true,
    )
    // Page 1: the row written is on it.
    expect(
      await readAgainAfter(1, () =>
        write('PATCH', `/api/contacts/${before.doc.id}`, { title: 'Now on page 1' }),
      ),
    ).toBe(true)
    // Page 1: the row leaves the page (and the search).
    expect(
      await readAgainAfter(1, () => write('PATCH', `/api/contacts/${before.doc.id}`, { lastName: 'Abbott' })),
    ).toBe(true)
  })

  it('reads the short last page again when a row joins it after its last row', async () => {
    if ((await matches()).length % 5 === 0)
      await write('POST', '/api/contacts', { firstName: 'Al', lastName: 'Bson' })
    const last = Math.ceil((await matches()).length / 5)
    expect(
      await readAgainAfter(last, () =>
        write('POST', '/api/contacts', { firstName: 'Zoe', lastName: 'Zzzzson' }),
      ),
    ).toBe(true)
  })
})
