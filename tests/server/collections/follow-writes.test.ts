/**
 * A write keeps the lists this process remembers true (server/collections/follow-writes.ts): after a
 * create, an update, a delete or a restore through the API, a remembered count and the remembered
 * positions of deep pages stand at the table's new head, moved by what the row did, so the next read
 * neither counts nor skips from the start. Whatever the writes, every list answers what reading the
 * table answers. On PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { type SQL, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countsOn, headNow, remember, rememberedEntry } from '../../../server/collections/counts'
import { listsOn, positionBefore, rememberPosition } from '../../../server/collections/positions'
import { collectionByName } from '../../../server/collections/registry'
import { createDoc, updateDoc } from '../../../server/collections/writes'
import { contacts } from '../../../server/db/schema'
import { withWriteLock } from '../../../server/db/write'
import { startTestServer, type TestServer } from '../helpers'
import { addClusteredMatches } from './clustered-matches'

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows

const LAST_NAMES = ['Anderson', 'Baker', 'Carson', 'Dunn', 'Ericsson', 'Fox', 'Annable']
const FIRST_NAMES = ['Ann', 'Bob', 'Joanne', 'Carl', 'Hannah']
const PAGE = 5

/** The lists a team has open: the query string, and the same list as a condition on the table. */
const LISTS: [string, SQL, SQL][] = [
  ['', sql`true`, sql`lower(last_name collate "und-x-icu") collate "C", id`],
  ['&sort=id', sql`true`, sql`id`],
  [
    '&where[lastName][like]=son',
    sql`last_name ilike '%son%'`,
    sql`lower(last_name collate "und-x-icu") collate "C", id`,
  ],
  [
    '&where[or][0][firstName][like]=ann&where[or][1][lastName][like]=ann',
    sql`(first_name ilike '%ann%' or last_name ilike '%ann%')`,
    sql`lower(last_name collate "und-x-icu") collate "C", id`,
  ],
]

describe('lists followed across writes', () => {
  let server: TestServer
  let cookie: string
  beforeAll(async () => {
    server = await startTestServer()
    // An admin: restoring from the trash is theirs.
    cookie = (await server.signIn({ role: 'admin' })).cookie
    await server.db.execute(sql`
      insert into contacts (id, first_name, last_name, seq)
      select gen_random_uuid(), (array['Ann','Bob','Joanne','Carl','Hannah'])[1 + g % 5],
        (array['Anderson','Baker','Carson','Dunn','Ericsson','Fox','Annable'])[1 + g % 7], nextval('write_seq')
      from generate_series(1, 60) g`)
  })
  afterAll(() => server?.close())

  const call = async (method: string, url: string, payload?: object) => {
    const response = await server.request(cookie, { method: method as 'GET', url, payload })
    expect(response.statusCode, response.body).toBeLessThan(300)
    return response.json()
  }

  async function fromTable(list: number, page: number) {
    const [, condition, order] = LISTS[list] as [string, SQL, SQL]
    const live = sql`deleted_at is null and ${condition}`
    const rows = rowsOf(
      await server.db.execute(
        sql`select id, first_name, last_name, title from contacts where ${live} order by ${order} limit ${PAGE} offset ${(page - 1) * PAGE}`,
      ),
    )
    const ids = rows.map((row) => row.id)
    // What the page shows, too: a page kept across a write (pages.ts) must not show a row as it was.
    const shown = rows.map((row) => [row.first_name, row.last_name, row.title ?? null])
    const [counted] = rowsOf(
      await server.db.execute(sql`select count(*)::int as n from contacts where ${live}`),
    )
    return { ids, shown, total: Number(counted?.n) }
  }

  const idsAndTotal = ({ ids, total }: { ids: unknown[]; total: number }) => ({ ids, total })

  async function expectAsTable(list: number, page: number) {
    const expected = await fromTable(list, page)
    const answer = await call('GET', `/api/contacts?limit=${PAGE}&page=${page}${LISTS[list]?.[0]}`)
    expect(answer.docs.map((doc: { id: string }) => doc.id)).toEqual(expected.ids)
    expect(
      answer.docs.map((doc: { firstName: string; lastName: string; title?: string | null }) => [
        doc.firstName,
        doc.lastName,
        doc.title ?? null,
      ]),
    ).toEqual(expected.shown)
    expect(answer.totalDocs).toBe(expected.total)
  }

  const someId = async (deleted: boolean, pick: number) => {
    const rows = rowsOf(
      await server.db.execute(
        sql`select id from contacts where (deleted_at is not null) = ${deleted} order by id limit 1 offset ${pick}`,
      ),
    )
    return rows[0]?.id as string | undefined
  }

  /** Every count and position remembered of contacts stands at the table's head now. */
  async function expectAllFollowed() {
    const head = await headNow(server.db, contacts, contacts.seq)
    const counts = countsOn(server.db, contacts, 100)
    expect(counts.length).toBeGreaterThan(0)
    for (const [key] of counts) expect(rememberedEntry(server.db, key)?.head).toBe(head)
    for (const [list] of listsOn(server.db, contacts, 100))
      expect(positionBefore(server.db, list, Number.MAX_SAFE_INTEGER)?.head).toBe(head)
  }

  it('stands at the new head after each write, without a read', async () => {
    for (let list = 0; list < LISTS.length; list++)
      for (const page of [1, 3, 5]) await expectAsTable(list, page)
    const created = await call('POST', '/api/contacts', { firstName: 'Ann', lastName: 'Aardvark' })
    await expectAllFollowed()
    await call('PATCH', `/api/contacts/${created.doc.id}`, { lastName: 'Zimmerson' })
    await expectAllFollowed()
    await call('DELETE', `/api/contacts/${created.doc.id}`)
    await expectAllFollowed()
    await call('POST', `/api/contacts/${created.doc.id}/restore`)
    await expectAllFollowed()
    for (let list = 0; list < LISTS.length; list++)
      for (const page of [1, 3, 5]) await expectAsTable(list, page)
  })

  it('answers a search whose walk met a write committed after it began, from where the write left it', async () => {
    // Page 2 of 'son' read, by pages of 10: its count and where it begins (offset 10) are remembered.
    const son = `/api/contacts${LISTS[2]?.[0].replace('&', '?')}`
    await call('GET', `${son}&limit=10&page=2`)
    const matches = (await fromTable(2, 1)).total
    const [lastMatch] = rowsOf(
      await server.db.execute(
        sql`select id from contacts where deleted_at is null and last_name ilike '%son%' order by lower(last_name collate "und-x-icu") collate "C" desc, id desc limit 1`,
      ),
    )
    expect(matches).toBeGreaterThan(11)
    const collection = collectionByName.get('contacts')
    if (!collection) throw new Error('no contacts collection')
    const before = await fromTable(2, 3)
    let racing: Promise<{ docs: { id: string }[]; totalDocs: number }> | undefined
    await withWriteLock(server.db, async (tx) => {
      // The last match becomes the first: every page from offset 10 on now begins one match earlier.
      await updateDoc(tx, collection, String(lastMatch?.id), { lastName: 'Aason' }, undefined, {
        id: null,
        name: 'Outpost',
      })
      // The same offset by pages of 5 (none kept): it reads what it remembers now; on PGlite it waits for the commit.
      racing = call('GET', `${son}&limit=5&page=3`)
      await new Promise((resolve) => setImmediate(resolve))
    })
    const answer = await racing
    // On PostgreSQL the read may run beside the open transaction and answer the table as it stood.
    const seen = { ids: answer?.docs.map((doc) => doc.id), total: answer?.totalDocs }
    expect([before, await fromTable(2, 3)].map(idsAndTotal)).toContainEqual(seen)
  })

  it('carries a count and a position read in a snapshot that writes have since passed to the head now', async () => {
    const son = `/api/contacts${LISTS[2]?.[0].replace('&', '?')}`
    await call('GET', `${son}&limit=10&page=2`)
    const counted = countsOn(server.db, contacts, 100)
      .map(([key]) => key)
      .find((key) => key.includes('son'))
    const [list, order] = listsOn(server.db, contacts, 100).find(([key]) => key.includes('son')) ?? []
    const query = counted ? rememberedEntry(server.db, counted)?.query : undefined
    const from = list ? positionBefore(server.db, list, 10)?.from : undefined
    if (!counted || !query || !list || !order || !from) throw new Error('the search was not remembered')
    /** Matches before the remembered position's row, in the list order: its offset now. */
    const offsetNow = async () => {
      const [row] = rowsOf(
        await server.db.execute(
          sql`select count(*)::int as n from contacts where deleted_at is null and last_name ilike '%son%' and (lower(last_name collate "und-x-icu") collate "C", id) < (${from.key}::text, ${from.id}::uuid)`,
        ),
      )
      return Number(row?.n)
    }
    // A write nothing follows (another process's): what was remembered stays at the head before it.
    await server.db.execute(sql`update contacts set seq = nextval('write_seq') where id = ${from.id}::uuid`)
    const then = (await headNow(server.db, contacts, contacts.seq)) as number
    const [total, offset] = [(await fromTable(2, 1)).total, await offsetNow()]
    // Writes this process follows, moving 'son': one more match, first in the order; one match fewer.
    await call('POST', '/api/contacts', { firstName: 'Ann', lastName: 'Aason' })
    const [match] = rowsOf(
      await server.db.execute(
        sql`select id from contacts where deleted_at is null and last_name ilike '%son%' and id <> ${from.id}::uuid order by id limit 1`,
      ),
    )
    await call('PATCH', `/api/contacts/${match?.id}`, { lastName: 'Baker' })
    const head = await headNow(server.db, contacts, contacts.seq)
    expect(rememberedEntry(server.db, counted)?.head).not.toBe(head)
    // What a slow search read in the snapshot after the unfollowed write, remembered only now.
    remember(server.db, counted, query, total, then)
    rememberPosition(server.db, list, order, then, { ...from, offset })
    expect(rememberedEntry(server.db, counted)).toMatchObject({ head, total: (await fromTable(2, 1)).total })
    const carried = positionBefore(server.db, list, await offsetNow())
    expect(carried?.head).toBe(head)
    expect(carried?.from).toEqual({ ...from, offset: await offsetNow() })
  })

  it("keeps where page 1 begins when a write puts a row before the list's first", async () => {
    const son = `/api/contacts${LISTS[2]?.[0].replace('&', '?')}`
    await call('GET', `${son}&limit=10&page=1`)
    await call('GET', `${son}&limit=10&page=1`)
    const [list] = listsOn(server.db, contacts, 100).find(([key]) => key.includes('son')) ?? []
    expect(list && positionBefore(server.db, list, 0)?.from.offset).toBe(0)
    const created = await call('POST', '/api/contacts', { firstName: 'Bob', lastName: 'Aaason' })
    const first = positionBefore(server.db, list as string, 0)
    expect(first?.head).toBe(await headNow(server.db, contacts, contacts.seq))
    expect(first?.from).toEqual({ offset: 0, key: 'aaason', id: created.doc.id })
    await expectAsTable(2, 1)
  })

  it('follows nothing of a write that rolls back', async () => {
    await expectAsTable(0, 4)
    const head = await headNow(server.db, contacts, contacts.seq)
    const heads = () =>
      countsOn(server.db, contacts, 100).map(([key]) => rememberedEntry(server.db, key)?.head)
    const before = heads()
    expect(before).toContain(head)
    const collection = collectionByName.get('contacts')
    if (!collection) throw new Error('no contacts collection')
    const server_ = { id: null, name: 'Outpost' }
    await expect(
      withWriteLock(server.db, async (tx) => {
        await createDoc(tx, collection, { firstName: 'Never', lastName: 'Aaa' }, server_)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(heads()).toEqual(before)
    await expectAsTable(0, 4)
  })

  it('answers a read racing a write as the table stood before the write or after it', async () => {
    const reads = fc.array(
      fc.record({ list: fc.nat(LISTS.length - 1), page: fc.integer({ min: 1, max: 16 }) }),
      { minLength: 1, maxLength: 4 },
    )
    await fc.assert(
      fc.asyncProperty(fc.nat(80), fc.constantFrom(...LAST_NAMES), reads, async (pick, to, racing) => {
        // What each list says first, so each has counts and positions to carry.
        for (const { list, page } of racing) await expectAsTable(list, page)
        const before = await Promise.all(racing.map(({ list, page }) => fromTable(list, page)))
        const id = await someId(false, pick)
        if (!id) return
        const answers = await Promise.all([
          call('PATCH', `/api/contacts/${id}`, { lastName: to }),
          ...racing.map(({ list, page }) =>
            call('GET', `/api/contacts?limit=${PAGE}&page=${page}${LISTS[list]?.[0]}`),
          ),
        ])
        const after = await Promise.all(racing.map(({ list, page }) => fromTable(list, page)))
        racing.forEach((_, i) => {
          const answer = answers[i + 1]
          const seen = { ids: answer.docs.map((doc: { id: string }) => doc.id), total: answer.totalDocs }
          expect([before[i], after[i]].map((table) => table && idsAndTotal(table))).toContainEqual(seen)
        })
        for (const { list, page } of racing) await expectAsTable(list, page)
      }),
      { numRuns: 40 },
    )
  })

  it('answers every list as the table does, whatever the writes between reads', async () => {
    const write = fc.oneof(
      fc.record({
        op: fc.constant('create' as const),
        first: fc.constantFrom(...FIRST_NAMES),
        last: fc.constantFrom(...LAST_NAMES),
      }),
      fc.record({
        op: fc.constant('rename' as const),
        pick: fc.nat(80),
        field: fc.constantFrom('firstName', 'lastName'),
        to: fc.constantFrom(...LAST_NAMES, ...FIRST_NAMES),
      }),
      fc.record({ op: fc.constant('title' as const), pick: fc.nat(80) }),
      fc.record({ op: fc.constant('delete' as const), pick: fc.nat(80) }),
      fc.record({ op: fc.constant('restore' as const), pick: fc.nat(20) }),
    )
    const read = fc.record({ list: fc.nat(LISTS.length - 1), page: fc.integer({ min: 1, max: 16 }) })
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(write, read), { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const [step, { list, page }] of steps) {
          if (step.op === 'create')
            await call('POST', '/api/contacts', { firstName: step.first, lastName: step.last })
          else {
            const id = await someId(step.op === 'restore', step.pick)
            if (id && step.op === 'rename')
              await call('PATCH', `/api/contacts/${id}`, { [step.field]: step.to })
            if (id && step.op === 'title')
              await call('PATCH', `/api/contacts/${id}`, { title: `T${step.pick}` })
            if (id && step.op === 'delete') await call('DELETE', `/api/contacts/${id}`)
            if (id && step.op === 'restore') await call('POST', `/api/contacts/${id}/restore`)
          }
          await expectAsTable(list, page)
        }
      }),
      { numRuns: 25 },
    )
  })
})

describe('page 1 of a search after a write puts a match far before the rest', () => {
  let server: TestServer
  let cookie: string
  beforeAll(async () => {
    server = await startTestServer()
    cookie = (await server.signIn()).cookie
    await addClusteredMatches(server.db)
  })
  afterAll(() => server?.close())

  const son = '/api/contacts?where[lastName][like]=son&limit=10&page=1'
  const read = async () => {
    const response = await server.request(cookie, { method: 'GET', url: son })
    expect(response.statusCode).toBe(200)
    return response.json() as { docs: { id: string }[]; totalDocs: number }
  }
  const fromTable = async () =>
    rowsOf(
      await server.db.execute(
        sql`select id from contacts where deleted_at is null and last_name ilike '%son%' order by lower(last_name collate "und-x-icu") collate "C", id limit 10`,
      ),
    ).map((row) => row.id)

  it('walks from the new first match and from where the rest begins, without missing', async () => {
    await read()
    await read()
    const [key] = countsOn(server.db, contacts, 100).find(([counted]) => counted.includes('son')) ?? []
    if (!key) throw new Error('the search was not counted')
    for (const lastName of ['Aason', 'Aaason', 'Aaaason']) {
      const created = await server.request(cookie, {
        method: 'POST',
        url: '/api/contacts',
        payload: { firstName: 'Ann', lastName },
      })
      expect(created.statusCode).toBe(201)
      const answer = await read()
      expect(answer.docs.map((doc) => doc.id)).toEqual(await fromTable())
      // The page came from the walks: none of them fell short of its share at this head.
      const known = rememberedEntry(server.db, key)
      expect(known?.head).toBe(await headNow(server.db, contacts, contacts.seq))
      expect(known?.seekMissedFrom).toBeUndefined()
      expect(known?.prefixMissedFrom).toBeUndefined()
    }
  })

  it('walks from each row of page 1 when a write takes one of its first rows out of the search', async () => {
    // Another search, read the first time by the whole search: it remembers where each row of page 1 is.
    const so = '/api/contacts?where[lastName][like]=so&limit=10&page=1'
    const first = await server.request(cookie, { method: 'GET', url: so })
    const [, second] = first.json().docs as { id: string }[]
    const [key] = countsOn(server.db, contacts, 100).find(([counted]) => counted.includes('%so%')) ?? []
    if (!key || !second) throw new Error('the search was not counted')
    // The second row ('Aaason') leaves the search: only a walk from the third row's place meets the rest.
    const patched = await server.request(cookie, {
      method: 'PATCH',
      url: `/api/contacts/${second.id}`,
      payload: { lastName: 'Abbott' },
    })
    expect(patched.statusCode).toBe(200)
    const answer = (await server.request(cookie, { method: 'GET', url: so })).json()
    const expected = rowsOf(
      await server.db.execute(
        sql`select id from contacts where deleted_at is null and last_name ilike '%so%' order by lower(last_name collate "und-x-icu") collate "C", id limit 10`,
      ),
    ).map((row) => row.id)
    expect(answer.docs.map((doc: { id: string }) => doc.id)).toEqual(expected)
    const known = rememberedEntry(server.db, key)
    expect(known?.head).toBe(await headNow(server.db, contacts, contacts.seq))
    expect(known?.seekMissedFrom).toBeUndefined()
    expect(known?.prefixMissedFrom).toBeUndefined()
  })
})
