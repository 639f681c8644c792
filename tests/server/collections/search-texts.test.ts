/**
 * Every record's search texts (server/collections/search-texts.ts) are what the devices' own
 * `globalSearchTexts` makes of it now, after every way a record is written: a create, an update, a
 * merge, a delete and a restore from the Trash, the sample records of a first start, and rows
 * inserted by SQL (`npm run seed`, rows from before migration 0015) once `fillSearchTexts` has run.
 * And what `where[search][like]` finds follows each write.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedSampleRecords } from '../../../server/bootstrap'
import { collectionByName } from '../../../server/collections/registry'
import { fillSearchTexts } from '../../../server/collections/search-texts'
import { rowsOf } from '../../../server/db/rows'
import { generateCompanies, generateContacts } from '../../../server/seed/generate'
import { COLLECTION_NAMES, type CollectionName } from '../../../src/domain/collections'
import { globalSearchTexts } from '../../../src/domain/global-search'
import { type Api, signedInApi, startTestServer, type TestServer } from '../helpers'

let server: TestServer
let admin: Api

beforeAll(async () => {
  server = await startTestServer()
  admin = signedInApi(server, (await server.signIn({ role: 'admin' })).cookie)
})
afterAll(() => server?.close())

const create = async (path: string, body: object) => {
  const answer = await admin('POST', `/api/${path}`, body)
  expect(answer.statusCode, answer.body).toBe(201)
  return answer.json().doc as { id: string; version: number }
}

/** The ids `where[search][like]=text` finds among a collection's live records. */
async function found(path: string, text: string): Promise<string[]> {
  const answer = await admin('GET', `/api/${path}?where[search][like]=${encodeURIComponent(text)}&limit=500`)
  expect(answer.statusCode, answer.body).toBe(200)
  return (answer.json().docs as { id: string }[]).map((doc) => doc.id).sort()
}

/** Every row of every collection, tombstones too, holds the texts its record makes now. */
async function expectTextsCurrent() {
  for (const name of COLLECTION_NAMES) {
    const { table } = collectionByName.get(name as CollectionName) ?? {}
    if (!table) continue
    const rows = (await server.db.select().from(table)) as Record<string, unknown>[]
    const collection = collectionByName.get(name)
    if (!collection) continue
    for (const row of rows) {
      const record = Object.fromEntries(collection.fields.map((field) => [field.name, row[field.key]]))
      const { text, phones } = globalSearchTexts(record, name)
      expect({ id: row.id, text: row.searchText, phones: row.searchPhones }).toEqual({
        id: row.id,
        text,
        phones,
      })
    }
  }
}

describe('the search texts follow every write', () => {
  it('a create, an update, a merge, a delete and a restore', async () => {
    const kept = await create('contacts', {
      firstName: 'Søren',
      lastName: 'Straße',
      department: 'Engineering',
      phone: '+44 (0)20 7946-0123',
    })
    const other = await create('contacts', { firstName: 'Soren', mobile: '555 0199', department: 'Sales' })
    expect(await found('contacts', 'soren strasse')).toEqual([kept.id])
    expect(await found('contacts', 'SOREN')).toEqual([kept.id, other.id].sort())
    expect(await found('contacts', '020 79460123')).toEqual([kept.id])
    expect(await found('contacts', 'engineering')).toEqual([kept.id])
    await expectTextsCurrent()

    // An update of a field the search reads, and one of a field it does not.
    const updated = await admin('PATCH', `/api/contacts/${kept.id}`, { department: 'Logistics' })
    expect(updated.statusCode).toBe(200)
    expect(await found('contacts', 'engineering')).toEqual([])
    expect(await found('contacts', 'logistics soren')).toEqual([kept.id])
    await admin('PATCH', `/api/contacts/${kept.id}`, { linkedIn: 'linkedin.com/in/soren' })
    expect(await found('contacts', 'logistics soren')).toEqual([kept.id])
    await expectTextsCurrent()

    // A merge: the kept record takes the other's mobile; the other goes to the Trash.
    const merged = await admin('POST', `/api/contacts/${kept.id}/merge`, {
      from: other.id,
      values: { mobile: '555 0199' },
    })
    expect(merged.statusCode, merged.body).toBe(200)
    expect(await found('contacts', '5550199')).toEqual([kept.id])
    expect(await found('contacts', 'sales')).toEqual([])
    await expectTextsCurrent()

    // A delete hides it; a restore from the Trash finds it again by what it held.
    expect((await admin('DELETE', `/api/contacts/${kept.id}`)).statusCode).toBe(200)
    expect(await found('contacts', 'strasse')).toEqual([])
    expect((await admin('POST', `/api/contacts/${kept.id}/restore`, {})).statusCode).toBe(200)
    expect(await found('contacts', 'strasse')).toEqual([kept.id])
    expect((await admin('POST', `/api/contacts/${other.id}/restore`, {})).statusCode).toBe(200)
    expect(await found('contacts', 'sales')).toEqual([other.id])
    await expectTextsCurrent()
  })

  it('a catalog entry by its description’s words, a company by its phone and address', async () => {
    const product = await create('products', {
      name: 'Gate valve',
      description: [
        {
          type: 'paragraph',
          children: [{ text: 'Forged ' }, { text: 'Ærø', bold: true }, { text: ' steel' }],
        },
        { type: 'paragraph', children: [{ text: 'DN 50' }] },
      ],
    })
    const company = await create('companies', {
      companyName: 'Baltic Fjord AB',
      address: 'Götgatan 12, Stockholm',
      mainPhone: '+46 8 555 123 45',
    })
    expect(await found('products', 'aero steel')).toEqual([product.id])
    expect(await found('products', 'dn 50')).toEqual([product.id])
    expect(await found('companies', 'gotgatan 555-12345')).toEqual([company.id])
    await admin('PATCH', `/api/products/${product.id}`, { description: 'Cast iron' })
    expect(await found('products', 'aero')).toEqual([])
    expect(await found('products', 'cast')).toEqual([product.id])
    await expectTextsCurrent()
  })

  it("the first start's sample records", async () => {
    await seedSampleRecords(server.db)
    expect((await found('contacts', 'engineering')).length).toBeGreaterThan(0)
    await expectTextsCurrent()
  })

  it('rows inserted by SQL, as a seed or a database from before the search texts, once filled', async () => {
    await generateCompanies(server.db, 30)
    await generateContacts(server.db, 200)
    const unfilled = rowsOf(
      await server.db.execute(sql`select count(*)::int as n from contacts where search_text is null`),
    )
    expect(unfilled[0]?.n).toBe(200)
    const total = async (text: string) =>
      (await admin('GET', `/api/contacts?where[search][like]=${text}&limit=1`)).json().totalDocs as number
    const feed = async () => (await admin('GET', '/api/sync/changes?since=0&limit=5000')).json().cursor
    // Not found until filled (a start fills them before it serves), then found; the feed does not move.
    const before = await total('example.com')
    const cursor = await feed()
    expect(await fillSearchTexts(server.db)).toBe(230)
    expect(await fillSearchTexts(server.db)).toBe(0)
    expect(await total('example.co')).toBe(before + 200)
    expect(await feed()).toBe(cursor)
    await expectTextsCurrent()
  })

  it('a fill leaves a row a write changed meanwhile as that write made it', async () => {
    const doc = await create('contacts', { firstName: 'Ingridzq', department: 'IT' })
    // As a row read by the fill before a write: its texts cleared, then the write.
    await server.db.execute(sql`update contacts set search_text = null where id = ${doc.id}`)
    await admin('PATCH', `/api/contacts/${doc.id}`, { department: 'Vendor' })
    expect(await found('contacts', 'ingridzq vendor')).toEqual([doc.id])
    expect(await fillSearchTexts(server.db)).toBe(0)
    await expectTextsCurrent()
  })
})
