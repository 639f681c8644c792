/**
 * PGlite's settings that server/db/open.ts chooses: a 32 MB buffer cache
 * (the default 128 MB is all resident in the server process), the
 * planner's SSD page cost, and no zero-filling of WAL segments in memory.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type DbHandle, openDb } from '../../../server/db/open'
import { openTestDb } from '../helpers'

let handle: DbHandle
let drop: () => Promise<void>
beforeAll(async () => {
  ;({ handle, drop } = await openTestDb(null))
})
afterAll(() => drop())

const setting = async (name: string, db = handle.db) => {
  const result = (await db.execute(sql.raw(`show ${name}`))) as { rows: Record<string, string>[] }
  return result.rows[0]?.[name]
}

it('opens PGlite with a 32 MB buffer cache and SSD page costs', async () => {
  expect(await setting('shared_buffers')).toBe('32MB')
  expect(await setting('random_page_cost')).toBe('1.1')
})

it('zero-fills new WAL segments on disk only: in memory that was only copying', async () => {
  expect(await setting('wal_init_zero')).toBe('off')
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-open-'))
  const onDisk = await openDb({ dataDir })
  try {
    expect(await setting('wal_init_zero', onDisk.db)).toBe('on')
    expect(await setting('shared_buffers', onDisk.db)).toBe('32MB')
  } finally {
    await onDisk.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
