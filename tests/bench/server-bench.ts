/**
 * Server benchmarks (issue #3's targets), printed, never asserted. In-process
 * (app.inject), with 100,000 contacts, on PGlite and, when DATABASE_URL is
 * set, on PostgreSQL:
 * - list searches by the one search rule (`where[search][like]`: a name, two letters, an accented
 *   word, a phone digit run, a department), a page of 10 with the exact totalDocs;
 * - list searches for a page of 10 with the exact totalDocs: a two-word `like`
 *   on one field and the spec's three-field or-like (goal: p95 <= 20 ms), one
 *   short word (no trigram to use), and a plain list page;
 * - sequential creates as an outbox replays them (client id + Idempotency-Key;
 *   goal >= 600/s on PGlite);
 * - the server process's cold start on PGlite, empty and at 100,000 contacts
 *   (server-bench-start.ts), and its resident memory after a load run over
 *   HTTP (server-bench-load.ts).
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { withoutBudget } from '../../server/db/query-budget'
import { startTestServer, type TestServer } from '../server/helpers'
import { scrambledLetters } from '../server/scrambled-letters'
import { RULE_SEARCHES, SHORT_SEARCHES, seedContacts, TWO_WORD_SEARCHES } from './server-bench-data'
import { coldStart, loadRunOnPostgres } from './server-bench-start'

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000)
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 200)
const CREATES = Number(process.env.BENCH_CREATES ?? 1_000)

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
const ms = (value: number) => `${value.toFixed(1)} ms`

const encode = (text: string) => encodeURIComponent(text)
const orLike = (fields: string[], text: string) =>
  fields.map((field, i) => `where[or][${i}][${field}][like]=${encode(text)}`).join('&')

/**
 * The worst shapes the where limits admit: 8 words every email holds (no row ruled out), 8 contains
 * beside 12 short not_in lists, and 8 words of the longest (100 scrambled letters).
 */
const WORST = [
  `/api/contacts?where[and][0][email][like]=${encode('e x a m')}&where[and][1][email][like]=${encode('p l c o')}`,
  `/api/contacts?${[
    ...'eaxmplco'.split('').map((letter, i) => `where[and][${i}][email][contains]=${letter}`),
    ...Array.from(
      { length: 12 },
      (_, i) =>
        `where[and][${8 + i}][lastName][not_in]=${Array.from({ length: 8 }, (_, j) => `n${i}-${j}`).join(',')}`,
    ),
  ].join('&')}`,
  `/api/contacts?where[and][0][email][like]=${encode([1, 2, 3, 4].map((seed) => scrambledLetters(100, seed)).join(' '))}&where[and][1][title][like]=${encode([5, 6, 7, 8].map((seed) => scrambledLetters(100, seed)).join(' '))}`,
].map((url) => `${url}&page[number]=1&page[size]=10`)

/**
 * p50/p95 of GET urls (cycled) after a warm-up, SEARCHES times or for 5 s (at least 20); and their match counts.
 * `afterWrite`: a contact is written (untimed) before each request, so nothing the server remembered
 * about the table (counts, positions: server/collections/counts.ts) still holds: a list's first read
 * after a write. Otherwise the same lists are asked again, as a team paging and searching a stable table does.
 */
async function latency(server: TestServer, cookie: string, urls: string[], afterWrite = false) {
  const get = (url: string) => server.request(cookie, { method: 'GET', url })
  const totals = new Set<number>()
  for (const url of urls) totals.add((await get(url)).json().totalDocs)
  const times: number[] = []
  const begun = performance.now()
  for (let n = 0; n < SEARCHES && (n < 20 || performance.now() - begun < 5_000); n++) {
    const url = urls[n % urls.length] as string
    if (afterWrite) await touchOneContact(server)
    const started = performance.now()
    const response = await get(url)
    times.push(performance.now() - started)
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`)
  }
  times.sort((a, b) => a - b)
  const matches = `matches ${Math.min(...totals)}–${Math.max(...totals)}`
  return `p50 ${ms(percentile(times, 0.5))}, p95 ${ms(percentile(times, 0.95))} (${times.length} runs, ${matches})`
}

/** Stamps one contact with the next write sequence, as any write does: the table's head moves. */
async function touchOneContact(server: TestServer) {
  await server.db.execute(
    sql`update contacts set seq = nextval('write_seq') where id = (select id from contacts order by seq limit 1)`,
  )
}

/** Sequential creates/s, each with a client id and an Idempotency-Key as the outbox sends them. */
async function creates(server: TestServer, cookie: string, count: number) {
  const create = (n: number) =>
    server.request(cookie, {
      method: 'POST',
      url: '/api/contacts',
      payload: { id: randomUUID(), firstName: `Replayed${n}`, lastName: 'Op', email: `op${n}@bench.example` },
      headers: { 'idempotency-key': randomUUID() },
    })
  // Warm up (V8 compiles the hot path), then the best of three rounds: other work on the machine only slows a round.
  for (let n = 0; n < 500; n++) await create(n)
  const rounds: number[] = []
  for (let round = 0; round < 3; round++) {
    const started = performance.now()
    for (let n = 0; n < count; n++) {
      const response = await create(n)
      if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`)
    }
    rounds.push(count / ((performance.now() - started) / 1000))
  }
  const perSecond = rounds.map(Math.round).sort((a, b) => a - b)
  return `${perSecond.at(-1)} creates/s, best of 3 rounds of ${count} (rounds: ${perSecond.join(', ')}; ${ms(1000 / (perSecond.at(-1) ?? 1))} each)`
}

async function benchOn(label: string, databaseUrl: string | null) {
  const server = await startTestServer({ databaseUrl })
  try {
    const { cookie } = await server.signIn()
    // Writes on an empty table first: what a fresh install sees; then again at 100,000 rows.
    const small = await creates(server, cookie, CREATES)
    const started = performance.now()
    // One statement of 100,000 rows: longer than a request's query budget on a busy PostgreSQL.
    const { fillMs } = await withoutBudget(server.handle, (db) => seedContacts(db, CONTACTS))
    console.log(
      `${label}: ${CONTACTS.toLocaleString('en')} contacts inserted in ${((performance.now() - started) / 1000).toFixed(1)} s, of which their search texts written in JS (the back-fill of migration 0015) ${(fillMs / 1000).toFixed(1)} s`,
    )
    const page = '&page[number]=1&page[size]=10'
    const rows: [string, string[]][] = [
      ...Object.entries(RULE_SEARCHES).map(([name, texts]): [string, string[]] => [
        `where[search][like], ${name}`,
        texts.map((text) => `/api/contacts?where[search][like]=${encode(text)}${page}`),
      ]),
      [
        'two-word like, one field (email)',
        TWO_WORD_SEARCHES.map((text) => `/api/contacts?where[email][like]=${encode(text)}${page}`),
      ],
      [
        "two-word or-like on firstName/email/lastName (the spec's search)",
        TWO_WORD_SEARCHES.map(
          (text) => `/api/contacts?${orLike(['firstName', 'email', 'lastName'], text)}${page}`,
        ),
      ],
      [
        'one-word or-like (a last name)',
        ['harris', 'smith', 'foster', 'kennedy'].map(
          (text) => `/api/contacts?${orLike(['firstName', 'email', 'lastName'], text)}${page}`,
        ),
      ],
      [
        'one short word (2 letters) or-like',
        SHORT_SEARCHES.map(
          (text) => `/api/contacts?${orLike(['firstName', 'email', 'lastName'], text)}${page}`,
        ),
      ],
      [
        'plain list, first pages (sorted by lastName)',
        ['1', '2', '3'].map((n) => `/api/contacts?page[number]=${n}&page[size]=10`),
      ],
      [
        'plain list, deep pages (500 and 5,000)',
        ['500', '5000'].map((n) => `/api/contacts?page[number]=${n}&page[size]=10`),
      ],
    ]
    // The costliest a signed-in caller may ask within the where limits (docs/api.md "Limits"), each after a
    // write so that nothing the server remembered helps: on PGlite every other request waits this long.
    console.log(
      `  worst queries the limits admit, each after a write: ${await latency(server, cookie, WORST, true)}`,
    )
    for (const [name, urls] of rows) {
      console.log(`  ${name}: ${await latency(server, cookie, urls)}`)
      if (name.startsWith('plain list, first')) continue
      console.log(`    … each after a write: ${await latency(server, cookie, urls, true)}`)
    }
    console.log(`  sequential creates, empty table: ${small}`)
    console.log(
      `  sequential creates, ${CONTACTS.toLocaleString('en')} contacts: ${await creates(server, cookie, CREATES)}`,
    )
  } finally {
    await server.close()
  }
}

export async function serverBench() {
  console.log(
    '\nServer, in-process (app.inject), page of 10 with exact totalDocs (goal: two-word search p95 <= 20 ms)',
  )
  await benchOn('PGlite', null)
  console.log(await coldStart(CONTACTS))
  const url = process.env.DATABASE_URL
  if (url) {
    await benchOn('PostgreSQL', url)
    console.log(await loadRunOnPostgres(CONTACTS))
  } else console.log('PostgreSQL: set DATABASE_URL=postgres://user@host:port/db to measure')
}
