/**
 * A start skips drizzle's migrator when the database already has every
 * committed migration (server/db/migrate.ts), and runs it otherwise.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { migrate, upToDate } from '../../../server/db/migrate'
import type { DbHandle } from '../../../server/db/open'
import { openTestDb } from '../helpers'

let handle: DbHandle
let drop: () => Promise<void>
beforeAll(async () => {
  ;({ handle, drop } = await openTestDb())
})
afterAll(() => drop())

it('finds a migrated database up to date, and migrating it again changes nothing', async () => {
  expect(await upToDate(handle)).toBe(true)
  const before = await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
  await migrate(handle)
  const after = await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
  expect((after as { rows: unknown[] }).rows).toEqual((before as { rows: unknown[] }).rows)
})

it('is not up to date when the newest migration is not recorded, and migrate then applies it', async () => {
  // Undo the newest migration (0015 adds the search texts) and forget it, as a database built before it was.
  for (const table of ['companies', 'contacts', 'industries', 'products', 'services'])
    await handle.db.execute(
      sql.raw(`alter table ${table} drop column search_text, drop column search_phones`),
    )
  await handle.db.execute(
    sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
  )
  expect(await upToDate(handle)).toBe(false)
  await migrate(handle)
  expect(await upToDate(handle)).toBe(true)
  const columns = await handle.db.execute(
    sql`select 1 from information_schema.columns where column_name = 'search_text'`,
  )
  expect((columns as { rows: unknown[] }).rows).toHaveLength(5)
})

it('is not up to date on a database without the migrations table (never migrated)', async () => {
  await handle.db.execute(sql`drop schema drizzle cascade`)
  expect(await upToDate(handle)).toBe(false)
})
