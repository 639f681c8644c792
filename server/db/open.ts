/**
 * Opens the database: embedded PGlite (a directory, or memory when no directory
 * is given) by default, or PostgreSQL through node-postgres when a URL is given.
 * Both are typed as one PgDatabase so the rest of the server never asks which.
 */
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import type { Db, DbHandle } from './handle'
import { DRIZZLE_PARSERS, withoutQueryParsers } from './pglite-parsers'
import { PLANNER_SETTINGS } from './planner'
import * as schema from './schema'
import { markSoleClient } from './write'

/** Most of the server takes the database from here, beside how it is opened. */
export type { Db, DbHandle }

export interface OpenOptions {
  /** postgres://… selects node-postgres; otherwise PGlite. */
  databaseUrl?: string
  /** PGlite's data directory; omitted means in memory (tests). */
  dataDir?: string
  /** PGlite only: start from a dumped data directory (tests reuse a migrated template, 0.4 s instead of 1.9 s). */
  loadDataDir?: Blob
  /**
   * PostgreSQL only: every statement's time budget (statement_timeout), default QUERY_BUDGET_MS; 0 for
   * none. PGlite cannot interrupt a statement: its budget is the bounded work of a query (query-budget.ts).
   */
  queryBudgetMs?: number
}

/**
 * PGlite's buffer cache lives in the process's WebAssembly memory, and all of
 * it is touched when PGlite starts: PostgreSQL's default of 128 MB made the
 * server ~380 MiB resident. 32 MB still holds 100,000 contacts' table and
 * the pages a list or search reads (measured: the same times as 128 MB, ~100
 * MiB less resident; 16 MB made a one-word search 1.7× slower). Pages beyond
 * it are read again from the operating system's file cache.
 */
const PGLITE_CONFIG = ['shared_buffers = 32MB']

/**
 * In memory, PostgreSQL's zero-filling of each new 16 MB WAL segment is no safety, only copying: the
 * in-memory file grows page by page as the zeros are written, and each growth copies it whole. It
 * stalled the write that crossed a segment for ~100 ms (a replay of 1,000 creates took 0.5 s, a
 * fifth of it there). Without it the file is extended once, to its full size. On disk it stays on.
 */
const IN_MEMORY_CONFIG = [...PGLITE_CONFIG, 'wal_init_zero = off']

export async function openDb(options: OpenOptions = {}): Promise<DbHandle> {
  if (options.databaseUrl)
    return (await import('./open-postgres')).openPostgres(options.databaseUrl, options.queryBudgetMs)
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    parsers: DRIZZLE_PARSERS,
    postgresqlconf: options.dataDir ? PGLITE_CONFIG : IN_MEMORY_CONFIG,
  })
  await client.exec(PLANNER_SETTINGS)
  const db = drizzlePglite(withoutQueryParsers(client), { schema }) as unknown as Db
  markSoleClient(db)
  return { db, driver: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('none') }
}
