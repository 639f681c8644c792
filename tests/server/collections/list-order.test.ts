/**
 * The server's list order does not depend on how the database was created:
 * on a PostgreSQL database with a language collation (ICU en-US, which sorts
 * "Öberg" with the O's), pages come in the order devices sort their mirror
 * (src/domain/list-order.ts: lowercase, then code point).
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../server/app'
import { migrate } from '../../../server/db/migrate'
import { type DbHandle, openDb } from '../../../server/db/open'
import { createUser } from '../../../server/users/store'
import { compareListOrder, sortKeyOf } from '../../../src/domain/list-order'
import { ROLE_IDS } from '../../../src/domain/user'
import { startTestPostgres, type TestPostgres } from '../postgres'

let postgres: TestPostgres
let handle: DbHandle
let dropLanguageDb: () => Promise<void>

async function run(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

beforeAll(async () => {
  postgres = await startTestPostgres()
  const name = `outpost_icu_${randomBytes(4).toString('hex')}`
  await run(
    postgres.url,
    `create database "${name}" locale_provider icu icu_locale 'en-US' template template0`,
  )
  const url = new URL(postgres.url)
  url.pathname = `/${name}`
  handle = await openDb({ databaseUrl: url.toString() })
  await migrate(handle)
  dropLanguageDb = async () => {
    await handle.close()
    await run(postgres.url, `drop database if exists "${name}" with (force)`)
  }
}, 60_000)

afterAll(async () => {
  await dropLanguageDb?.()
  await postgres?.stop()
})

const LAST_NAMES = [
  'Oz',
  'Öberg',
  'oakes',
  "O'Brien",
  'Zed',
  'de la Cruz',
  'De Vries',
  '_Under',
  'Émile',
  'eve',
]

describe('list order on a database with a language collation', () => {
  it('is the devices’ order, for a plain list and for a search, ascending and descending', async () => {
    const admin = await createUser(handle.db, {
      email: 'admin@collation.test',
      password: 'secret-123',
      role: ROLE_IDS.Admin,
    })
    const app = await buildApp({ db: handle.db, signInLimits: { perAddress: false } })
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: admin.email, password: 'secret-123' },
      })
      const cookie = String(login.headers['set-cookie']).split(';')[0] as string
      const created: { id: string; lastName: string }[] = []
      for (const lastName of LAST_NAMES) {
        const answer = await app.inject({
          method: 'POST',
          url: '/api/contacts',
          payload: { firstName: 'Sam', lastName },
          headers: { cookie },
        })
        created.push(answer.json().doc)
      }
      const devices = (descending: boolean) =>
        created
          .map((doc) => ({ key: sortKeyOf(doc.lastName), id: doc.id, lastName: doc.lastName }))
          .sort((a, b) => compareListOrder(a, b, descending))
          .map((entry) => entry.lastName)
      const page = async (query: string) =>
        (await app.inject({ method: 'GET', url: `/api/contacts?limit=50&${query}`, headers: { cookie } }))
          .json()
          .docs.map((doc: { lastName: string }) => doc.lastName)

      expect(await page('sort=lastName')).toEqual(devices(false))
      expect(await page('sort=-lastName')).toEqual(devices(true))
      // A search is ordered the same way (it takes another plan: see collections/list.ts).
      expect(await page('sort=lastName&where[firstName][like]=sam')).toEqual(devices(false))
    } finally {
      await app.close()
    }
  })
})
