/**
 * The database as the rest of the server sees it, whichever driver opened it (open.ts): types only, so
 * the files that open, budget and lock it can share them without importing one another.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema'

/** A union of the two driver types does not typecheck under TS 7; this does. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface DbHandle {
  db: Db
  driver: 'pglite' | 'pg'
  close: () => Promise<void>
  /** PGlite only: the data directory as a tarball (see loadDataDir). */
  dump?: () => Promise<Blob>
  /** PostgreSQL only: runs `work` on a connection of its own with no statement budget (query-budget.ts). */
  unbudgeted?: <T>(work: (db: Db) => Promise<T>) => Promise<T>
}
