/** `npm run seed`'s generator: realistic, linked, and the same data on every run. */
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { generateCompanies, generateContacts } from '../../../server/seed/generate'
import { openTestDb } from '../helpers'

const opened: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const drop of opened) await drop()
})

async function seeded() {
  const { handle, drop } = await openTestDb()
  opened.push(drop)
  await generateCompanies(handle.db, 40)
  await generateContacts(handle.db, 300)
  return handle.db
}

const rows = async (db: Awaited<ReturnType<typeof seeded>>, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows

describe('the scale generator', () => {
  it('makes linked, varied records with accents and several countries’ phone formats, the same on every run', async () => {
    const db = await seeded()
    const [counts] = await rows(
      db,
      sql`select count(*)::int as contacts, count(distinct email)::int as emails,
                 count(*) filter (where company_id is null)::int as orphans,
                 count(distinct company_id)::int as companies,
                 count(*) filter (where first_name || last_name ~ '[^ -~]')::int as accented,
                 count(distinct split_part(phone, ' ', 1))::int as prefixes,
                 count(distinct department)::int as departments
          from contacts`,
    )
    expect(counts).toEqual({
      contacts: 300,
      emails: 300,
      orphans: 0,
      companies: 40,
      accented: expect.any(Number),
      prefixes: expect.any(Number),
      departments: 9,
    })
    expect(counts?.accented).toBeGreaterThan(30)
    expect(counts?.prefixes).toBeGreaterThanOrEqual(10)
    const [valid] = await rows(
      db,
      sql`select count(*)::int as n from companies where website like 'https://%.example'`,
    )
    expect(valid?.n).toBe(40)

    const again = await seeded()
    const first = sql`select first_name, last_name, email, phone from contacts order by seq limit 25`
    expect(await rows(again, first)).toEqual(await rows(db, first))
  })
})
