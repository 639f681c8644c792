/**
 * PostgreSQL through node-postgres (DATABASE_URL). A module of its own so that
 * a start on PGlite never loads pg and its Drizzle driver (~0.1 s of a start).
 */
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Db, DbHandle } from './handle'
import { PLANNER_SETTINGS } from './planner'
import { budgetSetting, QUERY_BUDGET_MS } from './query-budget'
import * as schema from './schema'

export function openPostgres(databaseUrl: string, budgetMs = QUERY_BUDGET_MS): DbHandle {
  const budget = budgetSetting(budgetMs)
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // Plain SETs on each new connection (a startup `options` parameter is refused by PgBouncer).
    // The budget is the connection's, so every statement of every request has it (query-budget.ts).
    onConnect: async (client) => {
      await client.query(`${PLANNER_SETTINGS}; ${budget}`)
    },
  })
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const db = drizzle(pool, { schema }) as unknown as Db
  const unbudgeted = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
    const client = await pool.connect()
    let broken: Error | undefined
    try {
      await client.query(budgetSetting(0))
      return await work(drizzle(client, { schema }) as unknown as Db)
    } finally {
      // Back to the pool with its budget, or, if that cannot be set, not back at all.
      await client.query(budget).catch((error: Error) => {
        broken = error
      })
      client.release(broken)
    }
  }
  return { db, driver: 'pg', close: () => pool.end(), unbudgeted }
}
