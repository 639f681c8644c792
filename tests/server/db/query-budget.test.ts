/**
 * No single query can stall the server (docs/api.md "Limits"). PGlite runs
 * one statement at a time for every request and cannot interrupt one, so the
 * work a query may ask for is bounded: too many searched words, conditions or
 * list values are a 400 QueryError, answered at once, and the worst query the
 * limits admit answers within a bound at 20,000 contacts while a cheap request
 * made meanwhile still answers. On PostgreSQL every statement also has a time
 * budget (statement_timeout): one that runs out answers 503 with Retry-After,
 * and the work that may rightly take longer (migrations, the seed,
 * maintenance, a start waiting for another's migrations) is not cut off.
 */

import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import qs from 'qs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { fillSearchTexts } from '../../../server/collections/search-texts'
import { migrate, oneStartAtATime } from '../../../server/db/migrate'
import { type DbHandle, openDb } from '../../../server/db/open'
import { withoutBudget } from '../../../server/db/query-budget'
import { rowsOf } from '../../../server/db/rows'
import { purgeTombstones } from '../../../server/maintenance'
import { generateCompanies, generateContacts } from '../../../server/seed/generate'
import { createUser } from '../../../server/users/store'
import {
  MAX_SEARCH_PATTERNS,
  MAX_SEARCH_WORD_LENGTH,
  MAX_SEARCH_WORDS,
  searchWhere,
} from '../../../src/domain/search'
import { staffWhere } from '../../../src/domain/user'
import { startTestServer, type TestServer } from '../helpers'
import { startTestPostgres, type TestPostgres } from '../postgres'
import { scrambledLetters } from '../scrambled-letters'

const CONTACTS = 20_000
/** Generous: the worst admitted query took ~0.4 s here at 20,000 contacts; the attack it replaces, minutes. */
const BOUND_MS = 3_000

const url = (where: unknown) => `/api/contacts?${qs.stringify({ where, limit: 10 })}`

function expectQueryError(response: LightMyRequestResponse, message: RegExp) {
  expect(response.statusCode, response.body).toBe(400)
  const body = response.json()
  expect(body).toEqual({
    errors: [{ name: 'QueryError', title: expect.any(String), message: expect.any(String) }],
  })
  expect(body.errors[0].message).toMatch(message)
}

describe(`a query's work is bounded (${CONTACTS.toLocaleString('en-GB')} contacts)`, () => {
  let server: TestServer
  let cookie: string
  beforeAll(async () => {
    server = await startTestServer()
    // An Admin: the client's staff search (GET /api/users) is theirs.
    cookie = (await server.signIn({ role: 'admin' })).cookie
    // As `npm run seed` does it: one statement that may take longer than a request's budget on PostgreSQL.
    await withoutBudget(server.handle, async (db) => {
      await generateCompanies(db, CONTACTS / 10)
      await generateContacts(db, CONTACTS)
      await fillSearchTexts(db)
      await db.execute(sql`analyze`)
    })
  })
  afterAll(() => server?.close())

  const get = (path: string) => server.request(cookie, { method: 'GET', url: path })

  /** The request at `path`, and /api/users/me and a plain list page asked for while it runs. */
  async function alongside(path: string) {
    const started = performance.now()
    const heavy = get(path).then((response) => ({ response, ms: performance.now() - started }))
    // Asked once the first request has reached the database: on PGlite they wait for it to finish.
    await new Promise((resolve) => setTimeout(resolve, 5))
    const asked = performance.now()
    const cheap = await Promise.all(
      ['/api/users/me', '/api/contacts?limit=10&page=3'].map(async (path) => {
        const response = await get(path)
        expect(response.statusCode).toBe(200)
        return performance.now() - asked
      }),
    )
    return { ...(await heavy), cheapMs: Math.max(...cheap) }
  }

  it('refuses more words than one search may hold, at once and with the QueryError body', async () => {
    // The review's attack: 4,000 one-letter words (12 KB). It ran 30 s at 100,000 contacts, and stalled everyone.
    const review = Array.from({ length: 4_000 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(' ')
    // Costlier still: 400 letters every email holds, so each one is tried on every row (8 s here before the limit).
    const costlier = Array.from({ length: 400 }, (_, i) => 'eaxmplco'[i % 8]).join(' ')
    for (const words of [costlier, review]) {
      const { response, ms, cheapMs } = await alongside(url({ email: { like: words } }))
      expect(cheapMs).toBeLessThan(BOUND_MS)
      expect(ms).toBeLessThan(BOUND_MS)
      expectQueryError(response, new RegExp(`at most ${MAX_SEARCH_WORDS} words`))
    }

    const nine = Array.from({ length: MAX_SEARCH_WORDS + 1 }, (_, i) => `w${i}`).join(' ')
    expectQueryError(await get(url({ firstName: { like: nine } })), /at most 8 words/)
    // One long word: its cost grew with its length (15,000 random letters held PGlite 13 s at 20,000 contacts).
    for (const field of ['like', 'contains']) {
      const { response, ms, cheapMs } = await alongside(
        url({ email: { [field]: scrambledLetters(15_000, 1) } }),
      )
      expect(cheapMs).toBeLessThan(BOUND_MS)
      expect(ms).toBeLessThan(BOUND_MS)
      expectQueryError(response, new RegExp(`at most ${MAX_SEARCH_WORD_LENGTH} characters`))
    }
    // Spaces alone are no words: a value padded with them is no longer than its words.
    expect((await get(url({ firstName: { like: `  ada${' '.repeat(500)}lovelace ` } }))).statusCode).toBe(200)
  })

  it('refuses more searched words in all, more conditions or more list values than the limits', async () => {
    const likes = Array.from({ length: 3 }, () => ({ email: { like: 'e x a' } }))
    expectQueryError(await get(url({ and: likes })), new RegExp(`more than ${MAX_SEARCH_PATTERNS} words`))
    const contains = Array.from({ length: MAX_SEARCH_PATTERNS + 1 }, (_, i) => ({
      email: { contains: `${i}` },
    }))
    expectQueryError(await get(url({ or: contains })), /more than 8 words in all/)
    // The review's second attack: 100 contains conditions took 12 s at 100,000 contacts.
    const hundred = Array.from({ length: 100 }, () => ({ email: { contains: 'e' } }))
    expectQueryError(await get(url({ and: hundred })), /more than 8 words in all/)
    const conditions = Array.from({ length: 21 }, (_, i) => ({ lastName: { not_equals: `x${i}` } }))
    expectQueryError(await get(url({ and: conditions })), /more than 20 conditions/)
    const lists = [60, 41].map((length, i) => ({
      lastName: { not_in: Array.from({ length }, (_, j) => `n${i}-${j}`).join(',') },
    }))
    expectQueryError(await get(url({ and: lists })), /more than 100 values in all/)
  })

  it('answers the worst queries the limits admit within a bound, and a cheap request made meanwhile', async () => {
    const letters = 'eaxmplco'.split('')
    const shortLists = Array.from({ length: 12 }, (_, i) => ({
      lastName: { not_in: Array.from({ length: 8 }, (_, j) => `n${i}-${j}`).join(',') },
    }))
    // Each with how many contacts it finds, when every one.
    const worst: [string, unknown, number | undefined][] = [
      // Words every email holds, so no row is ruled out and every word is tried on every row.
      [
        'two likes of four words',
        { and: [{ email: { like: 'e x a m' } }, { email: { like: 'p l c o' } }] },
        CONTACTS,
      ],
      // Eight contains, and every other condition a short list of values no row holds.
      [
        'contains and short lists',
        { and: [...letters.map((l) => ({ email: { contains: l } })), ...shortLists] },
        CONTACTS,
      ],
      // Each field's first word matches and its second does not: every word is tried.
      [
        'or of likes over four fields',
        { or: ['firstName', 'lastName', 'title', 'email'].map((f) => ({ [f]: { like: 'e q' } })) },
        undefined,
      ],
      // Eight words as long as a word may be, of letters in no order: each brings many trigrams to read.
      [
        'eight words of the longest',
        {
          and: [
            {
              email: {
                like: [1, 2, 3, 4].map((seed) => scrambledLetters(MAX_SEARCH_WORD_LENGTH, seed)).join(' '),
              },
            },
            {
              title: {
                like: [5, 6, 7, 8].map((seed) => scrambledLetters(MAX_SEARCH_WORD_LENGTH, seed)).join(' '),
              },
            },
          ],
        },
        0,
      ],
      // The one search rule (where[search][like]): eight words every record's text holds.
      ['search, eight words every record holds', { search: { like: 'e x a m p l c o' } }, CONTACTS],
      // Eight numbers of the longest: each tried in the text, then their 800 digits in the phones.
      [
        'search, eight numbers of the longest',
        {
          search: {
            like: Array.from({ length: 8 }, (_, i) => `${i}`.repeat(MAX_SEARCH_WORD_LENGTH)).join(' '),
          },
        },
        0,
      ],
      [
        'search, eight words of the longest',
        {
          search: {
            like: [1, 2, 3, 4, 5, 6, 7, 8]
              .map((seed) => scrambledLetters(MAX_SEARCH_WORD_LENGTH, seed))
              .join(' '),
          },
        },
        0,
      ],
      // Five levels, the deepest an or of contains that all fail: each is tried on every row.
      [
        'nested five deep',
        {
          and: [
            {
              or: [
                {
                  and: [
                    { or: letters.map((l, i) => ({ [i % 2 ? 'email' : 'title']: { contains: `${l}q` } })) },
                  ],
                },
              ],
            },
          ],
        },
        0,
      ],
    ]
    for (const [name, where, total] of worst) {
      const { response, ms, cheapMs } = await alongside(url(where))
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200)
      if (total !== undefined) expect(response.json().totalDocs, name).toBe(total)
      expect(ms, name).toBeLessThan(BOUND_MS)
      expect(cheapMs, name).toBeLessThan(BOUND_MS)
    }
  })

  it("keeps the client's searches within the limits, whatever is typed", async () => {
    const typed = 'ada lovelace analytical engine notes of 1843'
    // The list screens' search: the first 8 words, each cut to the longest the server reads.
    expect(searchWhere(typed).search.like).toBe(typed)
    const many = `${typed} and more words`
    expect(searchWhere(many).search.like).toBe(many.split(' ').slice(0, MAX_SEARCH_WORDS).join(' '))
    expect((await get(url(searchWhere(many)))).statusCode).toBe(200)
    expect(searchWhere('Ada  Lovelace').search.like).toBe('Ada  Lovelace')
    // A word longer than the server reads is sent cut to its first letters: a superset the device filters.
    const long = searchWhere(`ada ${'ø'.repeat(150)}`).search.like
    expect(long).toBe(`ada ${'ø'.repeat(MAX_SEARCH_WORD_LENGTH)}`)
    expect((await get(url(searchWhere(`ada ${'ø'.repeat(150)}`)))).statusCode).toBe(200)
    const staff = await server.request(cookie, {
      method: 'GET',
      url: `/api/users?${qs.stringify({ where: staffWhere(typed) })}`,
    })
    expect(staff.statusCode, staff.body).toBe(200)
  })
})

describe('PostgreSQL: every statement has a time budget', () => {
  let database: TestPostgres
  let handle: DbHandle
  const budgetMs = 300
  const clients: pg.Client[] = []
  const connect = async () => {
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    clients.push(client)
    return client
  }
  beforeAll(async () => {
    database = await startTestPostgres()
    handle = await openDb({ databaseUrl: database.url, queryBudgetMs: budgetMs })
    await migrate(handle)
  })
  afterAll(async () => {
    for (const client of clients) await client.end().catch(() => {})
    await handle?.close()
    await database?.stop()
  })

  it('answers 503 with Retry-After and the error body when a statement runs out of it', async () => {
    const [setting] = rowsOf(await handle.db.execute(sql`show statement_timeout`))
    expect(setting?.statement_timeout).toBe(`${budgetMs}ms`)
    const app = await buildApp({ db: handle.db, signInLimits: { perAddress: false } })
    try {
      await createUser(handle.db, {
        email: 'budget@test.local',
        password: 'pw-budget-1234',
        firstName: 'B',
        lastName: 'T',
      })
      const login = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'budget@test.local', password: 'pw-budget-1234' },
      })
      const cookie = String(login.headers['set-cookie']).split(';')[0] as string
      // Another connection holds the table: the list's statement waits, and its budget runs out.
      const locker = await connect()
      await locker.query('begin')
      await locker.query('lock table contacts in access exclusive mode')
      const started = performance.now()
      const answer = await app.inject({ method: 'GET', url: '/api/contacts?limit=10', headers: { cookie } })
      const ms = performance.now() - started
      await locker.query('rollback')
      expect(answer.statusCode, answer.body).toBe(503)
      expect(answer.headers['retry-after']).toBe('5')
      expect(answer.json()).toEqual({
        errors: [
          { name: 'QueryTimeout', title: expect.any(String), message: expect.stringMatching(/too long/) },
        ],
      })
      expect(ms).toBeGreaterThanOrEqual(budgetMs - 50)
      expect(ms).toBeLessThan(BOUND_MS)
      const again = await app.inject({ method: 'GET', url: '/api/contacts?limit=10', headers: { cookie } })
      expect(again.statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })

  it('does not cut off work that may take longer: unbudgeted work, maintenance, a start waiting for another', async () => {
    const sleep = sql`select pg_sleep(${(budgetMs * 2) / 1000})`
    await expect(handle.db.execute(sleep)).rejects.toMatchObject({ cause: { code: '57014' } })
    await withoutBudget(handle, (db) => db.execute(sleep))
    // The connection went back to the pool with its budget: ten transactions at once hold all ten, and each has it.
    const settings = await Promise.all(
      Array.from({ length: 10 }, () =>
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_sleep(0.05)`)
          return rowsOf(await tx.execute(sql`show statement_timeout`))[0]
        }),
      ),
    )
    for (const setting of settings) expect(setting?.statement_timeout).toBe(`${budgetMs}ms`)

    // The seed's generator, as the seed runs it; then tombstones old enough to purge.
    await withoutBudget(handle, (db) => generateContacts(db, 200))
    await handle.db.execute(sql`update contacts set deleted_at = now() - interval '400 days'`)
    // A reader holds one tombstone: the purge waits longer than a request's statement may, and still ends.
    const holder = await connect()
    await holder.query('begin')
    await holder.query('select id from contacts limit 1 for update')
    const release = setTimeout(() => void holder.query('rollback'), budgetMs * 2)
    expect(await purgeTombstones(handle.db, 30)).toBe(200)
    clearTimeout(release)

    // Another start holds the start lock longer than the budget: this one waits for it, and runs.
    const starter = await connect()
    await starter.query('begin')
    await starter.query('select pg_advisory_xact_lock(7461207)') // START_LOCK in server/db/migrate.ts
    setTimeout(() => void starter.query('commit'), budgetMs * 2)
    expect(await oneStartAtATime(handle, async () => 'started')).toBe('started')
  })
})
