/**
 * The server's list order is the devices' (src/domain/list-order.ts: lowercase as
 * `toLowerCase` does, compare code points, ties by id): for every field a list
 * may be sorted by, both ways, on a plain list and on a search, page by page over
 * HTTP. And it does not depend on how the database was created: PGlite, and
 * PostgreSQL as initdb left it, with a language collation (ICU en-US, which
 * sorts "Öberg" with the O's) and with the C locale (whose own lower() leaves
 * 'É' as it is).
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { collectionByName } from '../../../server/collections/registry'
import { migrate } from '../../../server/db/migrate'
import { type DbHandle, openDb } from '../../../server/db/open'
import { userListSource } from '../../../server/users/list'
import { createUser } from '../../../server/users/store'
import { compareListOrder, sortKeyOf } from '../../../src/domain/list-order'
import { ROLE_IDS } from '../../../src/domain/user'
import { openTestDb } from '../helpers'
import { startTestPostgres, type TestPostgres } from '../postgres'
import { rawGet } from '../raw-http'

/**
 * Capitals and accents, letters whose lowercase is not one character for one ('İ' is 'i̇' in
 * JavaScript, 'i' in libc) or depends on the word ('ΝΙΚΟΣ' ends in 'ς'), letters PGlite's libc
 * does not lower ('Ⓐ'), characters past U+FFFF against U+E000–U+FFFF ('😀' after 'ｚ' by code
 * point, before it by UTF-16 unit), empty values, and values equal once lowercased (ties).
 */
const TEXTS = [
  'Élodie',
  'élan',
  'Elan',
  'eve',
  'Émile',
  'Ömer',
  'Öberg',
  'oakes',
  'Oz',
  'oz',
  "O'Brien",
  'ßeta',
  'ẞig',
  'İstanbul',
  'Izmir',
  'ΝΙΚΟΣ',
  'νικος',
  'Ⓐmy',
  'ⓐmy',
  'ｚed',
  '😀 Smile',
  '𐐀x',
  'de la Cruz',
  'De Vries',
  '_Under',
  'Zed',
  'zed',
  '',
]
const NAMES = TEXTS.filter(Boolean)
const EMAILS = ['Ada@Example.com', 'ada@example.com', '', 'zed@x.io', 'Zed@X.io', '_u@x.io', 'o.brien@x.io']
const PHONES = ['+44 20 7946 0018', '(555) 010-2000', '555 0100', '', '555 0100', '+1 555 0100']
const LINKS = ['linkedin.com/in/ada', 'https://www.linkedin.com/in/Élodie', 'LinkedIn.com/in/ada', '']
const ROWS = 36
const PAGE_SIZE = 8

type Doc = Record<string, unknown> & { id: string }

interface Served {
  base: string
  cookie: string
  app: FastifyInstance
  handle: DbHandle
}

async function run(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** A database on the test PostgreSQL made with `options`; dropped by the returned function. */
async function postgresWith(postgres: TestPostgres, options: string) {
  const name = `outpost_order_${randomBytes(4).toString('hex')}`
  await run(postgres.url, `create database "${name}" ${options} template template0`)
  const url = new URL(postgres.url)
  url.pathname = `/${name}`
  const handle = await openDb({ databaseUrl: url.toString() })
  await migrate(handle)
  const drop = async () => {
    await handle.close()
    await run(postgres.url, `drop database if exists "${name}" with (force)`)
  }
  return { handle, drop }
}

/** The records every database holds: contacts, products and staff, with ties in the dates too. */
async function seed(served: Served) {
  const post = async (path: string, payload: object) => {
    const answer = await served.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      payload,
      headers: { cookie: served.cookie },
    })
    expect(answer.statusCode, answer.body).toBe(201)
  }
  const pick = (values: string[], i: number, step: number) => values[(i * step) % values.length] as string
  for (let i = 0; i < ROWS; i++) {
    await post('contacts', {
      firstName: pick(NAMES, i, 1),
      lastName: pick(TEXTS, i, 5),
      title: pick(TEXTS, i + 3, 7),
      email: pick(EMAILS, i, 1),
      phone: pick(PHONES, i, 1),
      linkedIn: pick(LINKS, i, 1),
    })
  }
  for (let i = 0; i < 30; i++) await post('products', { name: pick(NAMES, i, 1) })
  for (let i = 0; i < 14; i++) {
    await createUser(served.handle.db, {
      email: `staff${i}@order.test`,
      password: 'secret-123',
      firstName: pick(NAMES, i + 13, 1),
      lastName: pick(TEXTS, i, 2),
      role: i % 3 ? ROLE_IDS.User : ROLE_IDS.Admin,
    })
  }
  // Records made in the same instant, and changed in the same one: dates tie too.
  for (const table of ['contacts', 'products', 'users']) {
    const { db } = served.handle
    await db.execute(
      sql.raw(`update ${table} set created_at = '2026-01-02T03:04:05.678Z' where id::text < '8'`),
    )
    await db.execute(
      sql.raw(`update ${table} set updated_at = '2026-02-03T04:05:06.789Z' where id::text > 'b'`),
    )
  }
}

async function serve(handle: DbHandle): Promise<Served> {
  const admin = await createUser(handle.db, {
    email: 'admin@order.test',
    password: 'secret-123',
    role: ROLE_IDS.Admin,
  })
  const app = await buildApp({ db: handle.db, signInLimits: { perAddress: false } })
  const login = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: admin.email, password: 'secret-123' },
  })
  const cookie = String(login.headers['set-cookie']).split(';')[0] as string
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  const served = { base, cookie, app, handle }
  await seed(served)
  return served
}

/** Every page of a list over raw HTTP, `PAGE_SIZE` at a time, joined. */
async function allPages(served: Served, path: string, query: string): Promise<Doc[]> {
  const docs: Doc[] = []
  for (let page = 1; page < 50; page++) {
    const url = `/api/${path}?${query}&page[number]=${page}&page[size]=${PAGE_SIZE}`
    const answer = await rawGet(served.base, url, ['Host: localhost', `Cookie: ${served.cookie}`])
    // The raw answer is bytes as latin1: read them again as the UTF-8 they are.
    const body = Buffer.from(answer.body, 'latin1').toString('utf8')
    expect(answer.status, `${url} → ${body}`).toBe(200)
    const json = JSON.parse(body) as { docs: Doc[]; hasNextPage: boolean }
    docs.push(...json.docs)
    if (!json.hasNextPage) return docs
  }
  throw new Error(`${path}?${query}: more pages than expected`)
}

/** A sorted field's value in a doc as the API answers it: a user's role is an object, sorted by its id. */
const sortedValue = (doc: Doc, field: string) =>
  field === 'role' ? (doc.role as { id: string }).id : doc[field]

/** How devices order `docs` (src/domain/list-order.ts). */
function devicesOrder(docs: Doc[], field: string, descending: boolean) {
  return docs
    .map((doc) => ({ key: sortKeyOf(sortedValue(doc, field)), id: doc.id, doc }))
    .sort((a, b) => compareListOrder(a, b, descending))
    .map((entry) => entry.doc)
}

/** Each doc as its sorted value and id: a failure shows the values out of place. */
const shown = (docs: Doc[], field: string) => docs.map((doc) => [sortedValue(doc, field), doc.id])

async function expectDevicesOrder(served: Served, path: string, sortable: ReadonlySet<string>) {
  const all = await allPages(served, path, 'sort=id')
  expect(all.length).toBeGreaterThan(10)
  for (const field of sortable) {
    for (const descending of [false, true]) {
      const sort = `sort=${descending ? '-' : ''}${field}`
      const expected = shown(devicesOrder(all, field, descending), field)
      // A plain list, and a search (another plan: its order is written so no index serves it).
      for (const query of [sort, `${sort}&where[id][exists]=true`]) {
        expect(shown(await allPages(served, path, query), field), `${path}?${query}`).toEqual(expected)
      }
    }
  }
}

let postgres: TestPostgres | undefined
const databases: [string, () => Promise<{ handle: DbHandle; drop: () => Promise<void> }>][] = [
  ['PGlite', () => openTestDb(null)],
  ['PostgreSQL as initdb made it', async () => postgresWith(await testPostgres(), '')],
  [
    'PostgreSQL with a language collation (ICU en-US)',
    async () => postgresWith(await testPostgres(), `locale_provider icu icu_locale 'en-US'`),
  ],
  [
    'PostgreSQL with the C locale',
    async () => postgresWith(await testPostgres(), `encoding 'UTF8' locale 'C'`),
  ],
]

async function testPostgres() {
  postgres ??= await startTestPostgres()
  return postgres
}

afterAll(async () => {
  await postgres?.stop()
})

describe.each(databases)('list order on %s', (_name, open) => {
  let served: Served
  let drop: () => Promise<void>

  beforeAll(async () => {
    const opened = await open()
    drop = opened.drop
    served = await serve(opened.handle)
  }, 120_000)

  afterAll(async () => {
    await served?.app.close()
    await drop?.()
  })

  it('contacts: every sortable field, both ways, is the devices’ order', async () => {
    await expectDevicesOrder(served, 'contacts', collectionByName.get('contacts')?.sortable ?? new Set())
  }, 60_000)

  it('products: every sortable field, both ways, is the devices’ order', async () => {
    await expectDevicesOrder(served, 'products', collectionByName.get('products')?.sortable ?? new Set())
  }, 60_000)

  it('staff: every sortable field, both ways, is the devices’ order', async () => {
    await expectDevicesOrder(served, 'users', userListSource.sortable)
  }, 60_000)
})
