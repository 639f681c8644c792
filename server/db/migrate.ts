/** Applies the committed migrations (server/db/migrations) with the driver's own migrator. */
import { fileURLToPath } from 'node:url'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { DbHandle } from './open'

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url))

export async function migrate(handle: DbHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR }
  // Both migrators only need the dialect and session every PgDatabase has; the casts name the driver.
  if (handle.driver === 'pg') await migratePg(handle.db as unknown as Parameters<typeof migratePg>[0], config)
  else await migratePglite(handle.db as unknown as Parameters<typeof migratePglite>[0], config)
}
