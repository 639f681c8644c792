/** Applies the committed migrations (server/db/migrations) with the driver's own migrator. */
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
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

/** The key of the advisory lock that start-up holds (any fixed number no other lock uses). */
const START_LOCK = 7_461_207

/**
 * Runs the start-up's migrations and first rows one process at a time. Two
 * servers started together on one PostgreSQL (a deploy of two instances)
 * would otherwise both apply a migration, or both create the first Admin, and
 * one would stop on the other's unique key. The lock is held by a transaction
 * of its own, open until `work` is done: it ends, and frees the lock, even if
 * the process dies. PGlite's data directory has one process by nature.
 */
export async function oneStartAtATime<T>(handle: DbHandle, work: () => Promise<T>): Promise<T> {
  if (handle.driver !== 'pg') return work()
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK})`)
    return work()
  })
}
