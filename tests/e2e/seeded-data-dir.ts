/**
 * A throw-away data directory whose PGlite already holds `count` contacts (one
 * SQL statement, see tests/bench/server-bench-data.ts), for starting the real
 * server on a large mirror without thousands of API calls. The caller removes it.
 */
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrate } from '../../server/db/migrate'
import { openDb } from '../../server/db/open'
import { seedContacts } from '../bench/server-bench-data'

export async function seededDataDir(count: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'outpost-seeded-'))
  const pgliteDir = join(dataDir, 'pglite')
  mkdirSync(pgliteDir)
  const handle = await openDb({ dataDir: pgliteDir })
  await migrate(handle)
  await seedContacts(handle.db, count)
  await handle.close()
  return dataDir
}
