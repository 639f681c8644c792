/**
 * Every write goes through `withWriteLock`: one transaction that first takes a
 * transaction-level advisory lock, so writes are serialized by the database
 * itself (across processes too, DESIGN.md §7), and only then stamps rows with
 * `nextval('write_seq')`.
 *
 * Why the change feed never skips a row: seq is allocated while holding the
 * lock, and the lock is held until commit. So when a reader sees seq N
 * committed, every seq < N was allocated by an earlier lock holder that has
 * already committed (or rolled back, leaving a harmless gap). No row with a
 * smaller seq can become visible after a reader has moved its cursor past N.
 */
import { sql } from 'drizzle-orm'
import type { Db } from './open'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Any value: it only has to be the same in every process that writes this database. */
const WRITE_LOCK_KEY = 7_400_301

export function withWriteLock<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`select pg_advisory_xact_lock(${WRITE_LOCK_KEY})`))
    return fn(tx)
  })
}

/** The next change-feed position; call only inside `withWriteLock`. */
export const nextSeq = () => sql`nextval('write_seq')`
