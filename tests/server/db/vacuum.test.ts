/**
 * PGlite's vacuum runs only when the tables changed enough (server/db/vacuum.ts):
 * a start or a daily run on a quiet database costs a few index reads, not a
 * vacuum of every table.
 */
import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { serverCollections } from '../../../server/collections/registry'
import type { DbHandle } from '../../../server/db/open'
import { vacuumChangedTables, vacuumThreshold } from '../../../server/db/vacuum'
import { openTestDb } from '../helpers'

const TABLES = serverCollections.map(({ table }) => table)
let handle: DbHandle
let drop: () => Promise<void>

beforeEach(async () => {
  ;({ handle, drop } = await openTestDb(null))
})
afterEach(() => drop())

const addContacts = (count: number) =>
  handle.db.execute(
    sql`insert into contacts (id, first_name) select gen_random_uuid(), 'Row ' || g from generate_series(1, ${count}) g`,
  )
const estimatedRows = async () => {
  const result = (await handle.db.execute(
    sql`select reltuples from pg_class where oid = 'contacts'::regclass`,
  )) as {
    rows: { reltuples: number }[]
  }
  return Number(result.rows[0]?.reltuples)
}

describe('vacuum on PGlite', () => {
  it('uses autovacuum’s rule: 50 rows plus a tenth of the table', () => {
    expect(vacuumThreshold(0)).toBe(50)
    expect(vacuumThreshold(-1)).toBe(50)
    expect(vacuumThreshold(100_000)).toBe(10_050)
  })

  it('vacuums nothing on a database that did not change', async () => {
    expect(await vacuumChangedTables(handle.db, TABLES)).toEqual([])
  })

  it('vacuums and analyzes a table after a bulk load, then not again until it changes', async () => {
    await addContacts(2_000)
    expect(await vacuumChangedTables(handle.db, TABLES)).toEqual(['contacts'])
    expect(await estimatedRows()).toBe(2_000)
    expect(await vacuumChangedTables(handle.db, TABLES)).toEqual([])
  })

  it('waits until changes pass the threshold, counting every change since the last vacuum', async () => {
    await addContacts(2_000)
    await vacuumChangedTables(handle.db, TABLES)
    // 2,000 rows: the threshold is 250 changed rows.
    await addContacts(200)
    expect(await vacuumChangedTables(handle.db, TABLES)).toEqual([])
    await handle.db.execute(
      sql`update contacts set title = 'x', seq = nextval('write_seq') where first_name like 'Row 1%'`,
    )
    expect(await vacuumChangedTables(handle.db, TABLES)).toEqual(['contacts'])
    expect(await estimatedRows()).toBe(2_200)
  })

  it('vacuums every collection when asked (tombstones were purged)', async () => {
    const vacuumed = await vacuumChangedTables(handle.db, TABLES, { everyTable: true })
    expect([...vacuumed].sort()).toEqual(['companies', 'contacts', 'industries', 'products', 'services'])
  })
})
