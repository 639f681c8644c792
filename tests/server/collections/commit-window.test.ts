/**
 * A read that sees this process's write before the write has run what its commit asked
 * (server/db/write.ts, `commitsSettled`). On PostgreSQL the COMMIT's answer and another connection's
 * read come back on different sockets, so a read can find the table at the write's head while the
 * counts and positions this process remembers still stand at the head before: it then threw them
 * away (a deep page forgot where every page begins, a search searched the whole table). Here the
 * window is held open on purpose: the database's transaction is made to answer late, after the
 * commit. The read now waits for the write to finish, and keeps what the write carried. And a search
 * whose look at the table's head gives the write time to carry the count and the positions reads both
 * again, instead of walking from the list's start with the count's old head.
 * On PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countsOn, headNow, rememberedEntry } from '../../../server/collections/counts'
import { listsOn, positionBefore, positionsAfter } from '../../../server/collections/positions'
import { contacts } from '../../../server/db/schema'
import { startTestServer, type TestServer } from '../helpers'
import { addClusteredMatches } from './clustered-matches'

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows

/**
 * Makes the server's database transactions answer late: while held, each transaction's answer waits,
 * after its commit, until `open`. A write then stands committed, its head in the table, without having
 * run what its commit asked (server/db/write.ts), for as long as the test likes.
 */
function holdCommits(server: TestServer) {
  let gate: Promise<void> | undefined
  let release = () => {}
  const transaction = server.db.transaction.bind(server.db)
  server.db.transaction = (async (...args: Parameters<typeof transaction>) => {
    const result = await transaction(...args)
    await gate
    return result
  }) as typeof transaction
  return {
    /** From now on each transaction answers only once `open` is called. */
    hold: () => {
      gate = new Promise<void>((resolve) => {
        release = resolve
      })
    },
    /** Lets the held answers through, and the later ones at once. */
    open: () => {
      release()
      gate = undefined
    },
  }
}

describe('a read that meets a write between its commit and what the commit asked', () => {
  let server: TestServer
  let cookie: string
  let commits: ReturnType<typeof holdCommits>
  beforeAll(async () => {
    server = await startTestServer()
    cookie = (await server.signIn()).cookie
    await server.db.execute(sql`
      insert into contacts (id, first_name, last_name, seq)
      select gen_random_uuid(), 'Bob', (array['Anderson','Baker','Carson','Dunn','Ericsson'])[1 + g % 5],
        nextval('write_seq')
      from generate_series(1, 80) g`)
    commits = holdCommits(server)
  })
  afterAll(() => server?.close())

  const get = async (url: string) => {
    const response = await server.request(cookie, { method: 'GET', url })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as { docs: { id: string }[]; totalDocs: number }
  }
  const head = () => headNow(server.db, contacts, contacts.seq) as Promise<number>

  /** Runs `read` while a PATCH of `id` has committed and not yet run what its commit asked. */
  async function inTheWindow<T>(id: string, lastName: string, read: () => Promise<T>) {
    commits.hold()
    const before = await head()
    const patched = server.request(cookie, {
      method: 'PATCH',
      url: `/api/contacts/${id}`,
      payload: { lastName },
    })
    while ((await head()) === before) await new Promise((resolve) => setTimeout(resolve, 5))
    const reading = read()
    const early = await Promise.race([reading.then(() => 'answered'), sleep(300).then(() => 'waiting')])
    commits.open()
    expect((await patched).statusCode).toBe(200)
    return { early, answer: await reading }
  }

  it('keeps where every deep page begins', async () => {
    const list = (page: number) => `/api/contacts?limit=5&page=${page}`
    for (const page of [3, 5, 7]) await get(list(page))
    const [key] = listsOn(server.db, contacts, 100).find(([positions]) => !positions.includes('like')) ?? []
    if (!key) throw new Error('no positions remembered')
    const [row] = rowsOf(await server.db.execute(sql`select id from contacts order by id desc limit 1`))
    const { early, answer } = await inTheWindow(String(row?.id), 'Aaron', () => get(list(5)))
    expect(early).toBe('waiting')
    // The write was followed: where pages 3, 5 and 7 began is still known, at the head now, each at
    // the offset its row has now (the written row moved before them all).
    const known = positionBefore(server.db, key, 100)
    expect(known?.head).toBe(await head())
    const positions = positionsAfter(server.db, key, -1, 100)
    expect(positions.length).toBeGreaterThanOrEqual(3)
    for (const position of positions) {
      const [at] = rowsOf(
        await server.db.execute(
          sql`select count(*)::int as n from contacts where deleted_at is null and (lower(last_name collate "und-x-icu") collate "C", id) < (${position.key}::text, ${position.id}::uuid)`,
        ),
      )
      expect(position.offset).toBe(Number(at?.n))
    }
    const expected = rowsOf(
      await server.db.execute(
        sql`select id from contacts where deleted_at is null order by lower(last_name collate "und-x-icu") collate "C", id limit 5 offset 20`,
      ),
    ).map((found) => found.id)
    expect(answer.docs.map((doc) => doc.id)).toEqual(expected)
  })

  it('answers a search from what the write carried, not from the whole table', async () => {
    const son = '/api/contacts?where[lastName][like]=son&limit=10&page=1'
    await get(son)
    await get(son)
    const [key] = countsOn(server.db, contacts, 100).find(([counted]) => counted.includes('son')) ?? []
    if (!key) throw new Error('the search was not counted')
    const [row] = rowsOf(
      await server.db.execute(sql`select id from contacts where last_name = 'Baker' order by id limit 1`),
    )
    const { early, answer } = await inTheWindow(String(row?.id), 'Aason', () => get(son))
    expect(early).toBe('waiting')
    const expected = rowsOf(
      await server.db.execute(
        sql`select id from contacts where deleted_at is null and last_name ilike '%son%' order by lower(last_name collate "und-x-icu") collate "C", id limit 10`,
      ),
    ).map((found) => found.id)
    expect(answer.docs.map((doc) => doc.id)).toEqual(expected)
    expect(answer.docs[0]?.id).toBe(row?.id)
    const known = rememberedEntry(server.db, key)
    expect(known?.head).toBe(await head())
    expect(known?.total).toBe(answer.totalDocs)
  })
})

describe("a search read while this process's write runs what its commit asked", () => {
  let server: TestServer
  let cookie: string
  /** Runs once, at the server's next look at the table's head alone (the search's, before it reads). */
  let atNextSelect: (() => void) | undefined
  let commits: ReturnType<typeof holdCommits>
  let walks = 0
  beforeAll(async () => {
    server = await startTestServer()
    cookie = (await server.signIn()).cookie
    await addClusteredMatches(server.db)
    commits = holdCommits(server)
    const select = server.db.select.bind(server.db)
    server.db.select = ((...args: Parameters<typeof select>) => {
      const fields = Object.keys(args[0] ?? {}).join()
      // A search's walk of the sort index (list-search.ts' prefixPage): its page with the head and key.
      if (fields === 'row,head,key') walks++
      // Only the look at the head alone (counts.ts' headNow), not the session's or any other read.
      if (fields === 'head') {
        const run = atNextSelect
        atNextSelect = undefined
        run?.()
      }
      return select(...args)
    }) as typeof select
  })
  afterAll(() => server?.close())

  it('walks from the positions the write carried, with the count the write carried', async () => {
    const son = '/api/contacts?where[lastName][like]=son&limit=10&page=1'
    const get = async () => {
      const response = await server.request(cookie, { method: 'GET', url: son })
      expect(response.statusCode, response.body).toBe(200)
      return response.json() as { docs: { id: string }[] }
    }
    await get()
    const [first] = (await get()).docs
    const [key] = countsOn(server.db, contacts, 100).find(([counted]) => counted.includes('son')) ?? []
    if (!key || !first) throw new Error('the search was not counted')
    // A colleague's edit of a match's title: committed, and held before it carries what is remembered.
    commits.hold()
    const before = await headNow(server.db, contacts, contacts.seq)
    const patched = server.request(cookie, {
      method: 'PATCH',
      url: `/api/contacts/${first.id}`,
      payload: { title: 'Edited' },
    })
    while ((await headNow(server.db, contacts, contacts.seq)) === before) await sleep(5)
    // The write carries the count and the positions while the search reads the table's head.
    atNextSelect = commits.open
    walks = 0
    const answer = await get()
    // One walk, from where page 1 begins at the write's head: not one from the list's start first, with
    // the count's old head, that met no match.
    expect(walks).toBe(1)
    expect((await patched).statusCode).toBe(200)
    const expected = rowsOf(
      await server.db.execute(
        sql`select id from contacts where deleted_at is null and last_name ilike '%son%' order by lower(last_name collate "und-x-icu") collate "C", id limit 10`,
      ),
    ).map((row) => row.id)
    expect(answer.docs.map((doc) => doc.id)).toEqual(expected)
    const known = rememberedEntry(server.db, key)
    expect(known?.head).toBe(await headNow(server.db, contacts, contacts.seq))
    expect(known?.prefixMissedFrom).toBeUndefined()
    expect(known?.seekMissedFrom).toBeUndefined()
  })
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
