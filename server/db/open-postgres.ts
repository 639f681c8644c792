/**
 * PostgreSQL through node-postgres (DATABASE_URL). A module of its own so that
 * a start on PGlite never loads pg and its Drizzle driver (~0.1 s of a start).
 */
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Db, DbHandle } from './open'
import { PLANNER_SETTINGS } from './planner'
import * as schema from './schema'

export function openPostgres(databaseUrl: string): DbHandle {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // A plain SET on each new connection (a startup `options` parameter is refused by PgBouncer).
    onConnect: async (client) => {
      await client.query(PLANNER_SETTINGS)
    },
  })
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const db = drizzle(pool, { schema }) as unknown as Db
  return { db, driver: 'pg', close: () => pool.end() }
}
