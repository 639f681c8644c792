/**
 * Every query a request makes has a time budget (docs/api.md "Limits"), so no
 * single request can hold a connection, or the server, for long.
 *
 * On PostgreSQL it is the connection's `statement_timeout`: a statement still
 * running after it is cancelled (SQLSTATE 57014), and the request answers 503
 * (http/error-handler.ts). PGlite ignores statement_timeout: it has no timer
 * to interrupt a statement with (measured on 0.5.16: with `set
 * statement_timeout = 100`, `select pg_sleep(1)` took 1,001 ms and a
 * 400-word search ran to its end). There the budget comes from bounding the
 * work a query may ask for instead (collections/where.ts).
 *
 * Work that may rightly run longer than a request (migrations, the seed,
 * maintenance, a start waiting for another's migrations) lifts the budget for
 * itself with `withoutBudget` or `liftBudget`.
 */
import { sql } from 'drizzle-orm'
import type { Db, DbHandle } from './handle'
import type { Tx } from './write'

/**
 * The longest a statement may run. The worst search the limits admit takes
 * about a second at 100,000 contacts; five times that leaves room for a busy
 * database without letting one request hold a connection of the pool for long.
 */
export const QUERY_BUDGET_MS = 5_000

/** The per-connection setting; 0 means no budget (PostgreSQL's own default). */
export const budgetSetting = (ms: number) => `set statement_timeout = ${Math.max(0, Math.floor(ms))}`

/** PostgreSQL's SQLSTATE for a statement cancelled by statement_timeout (or by an operator). */
export const QUERY_CANCELED = '57014'

/** Runs `work` with no statement budget, on a connection of its own (PostgreSQL) or as it is (PGlite). */
export function withoutBudget<T>(handle: DbHandle, work: (db: Db) => Promise<T>): Promise<T> {
  return handle.unbudgeted ? handle.unbudgeted(work) : work(handle.db)
}

/** Lifts the budget for the rest of this transaction only (`set local`; harmless on PGlite). */
export async function liftBudget(tx: Tx | Db): Promise<void> {
  await tx.execute(sql`set local statement_timeout = 0`)
}
