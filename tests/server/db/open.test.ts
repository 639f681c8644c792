/**
 * PGlite's settings that server/db/open.ts chooses: a 32 MB buffer cache
 * (the default 128 MB is all resident in the server process) and the
 * planner's SSD page cost.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DbHandle } from '../../../server/db/open'
import { openTestDb } from '../helpers'

let handle: DbHandle
let drop: () => Promise<void>
beforeAll(async () => {
  ;({ handle, drop } = await openTestDb(null))
})
afterAll(() => drop())

const setting = async (name: string) => {
  const result = (await handle.db.execute(sql.raw(`show ${name}`))) as { rows: Record<string, string>[] }
  return result.rows[0]?.[name]
}

it('opens PGlite with a 32 MB buffer cache and SSD page costs', async () => {
  expect(await setting('shared_buffers')).toBe('32MB')
  expect(await setting('random_page_cost')).toBe('1.1')
})
