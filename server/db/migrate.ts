/** Applies the committed migrations (server/db/migrations) with the driver's own migrator. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { DbHandle } from './open'
import { liftBudget, withoutBudget } from './query-budget'
import { rowsOf } from './rows'

/**
 * Spelled through `../db/` so that it names the same folder from this file
 * (server/db) and from the bundle `npm run build` writes (server/dist/main.js).
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../db/migrations', import.meta.url))

/** The `when` of the newest committed migration: drizzle's migrator applies every one newer than the database's. */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[]
  }
  return Math.max(0, ...journal.entries.map((entry) => entry.when))
}

/**
 * Whether the database already has every migration, by drizzle's own rule (a
 * migration runs when it is newer than the newest one recorded). Asking costs
 * two small reads; the migrator itself creates its schema and table "if not
 * exists", hashes every file and opens a transaction, on every start.
 */
export async function upToDate(handle: DbHandle): Promise<boolean> {
  const [table] = rowsOf(
    await handle.db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  )
  if (!table?.present) return false
  const [newest] = rowsOf(
    await handle.db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`),
  )
  return newest?.newest != null && Number(newest.newest) >= newestMigration()
}

export async function migrate(handle: DbHandle): Promise<void> {
  if (await upToDate(handle)) return
  const config = { migrationsFolder: MIGRATIONS_DIR }
  // Both migrators only need the dialect and session every PgDatabase has; the casts name the driver.
  // Each is loaded only for its driver: a start on PGlite never loads node-postgres.
  if (handle.driver === 'pg') {
    const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator')
    // A migration may rewrite or index a whole table: it runs without the budget a request's statement has.
    await withoutBudget(handle, (db) => migratePg(db as unknown as Parameters<typeof migratePg>[0], config))
  } else {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator')
    await migratePglite(handle.db as unknown as Parameters<typeof migratePglite>[0], config)
  }
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
    // The wait lasts as long as the other start's migrations: it must not be cut off by the query budget.
    await liftBudget(tx)
    await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK})`)
    return work()
  })
}
