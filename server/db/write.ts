/**
 * Every write goes through `withWriteLock`: one transaction that first takes a
 * transaction-level advisory lock, so writes are serialized by the database
 * itself (across processes too, docs/decisions/008-the-scale-model.md), and only then stamps rows with
 * `nextval('write_seq')`.
 *
 * Why the change feed never skips a row: seq is allocated while holding the
 * lock, and the lock is held until commit. So when a reader sees seq N
 * committed, every seq < N was allocated by an earlier lock holder that has
 * already committed (or rolled back, leaving a harmless gap). No row with a
 * smaller seq can become visible after a reader has moved its cursor past N.
 */
import { type AnyColumn, sql } from 'drizzle-orm'
import { FEED_CHANNEL, feedMoved, PROCESS_TOKEN } from './feed-signal'
import type { Db } from './handle'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Any value: it only has to be the same in every process that writes this database. */
const WRITE_LOCK_KEY = 7_400_301

/**
 * Databases this process is the only client of, whose transactions already run
 * one at a time: PGlite is a single in-process backend that no other process
 * can open, and its transaction() holds every other query and transaction off
 * until it commits. There the advisory lock guarantees nothing more and would
 * cost a statement per write (and auth/session-cache.ts may cache exactly).
 */
const soleClient = new WeakSet<Db>()
export const markSoleClient = (db: Db) => soleClient.add(db)
export const isSoleClient = (db: Db) => soleClient.has(db)

/**
 * The lock, and the NOTIFY that tells the other processes' feed streams (feed-signal.ts) at commit:
 * one statement, so a write pays no extra round trip for it.
 */
const LOCK_AND_NOTIFY = sql.raw(
  `select pg_advisory_xact_lock(${WRITE_LOCK_KEY}), pg_notify('${FEED_CHANNEL}', '${PROCESS_TOKEN}')`,
)

/** The database each open write transaction belongs to, and what it asked to run once it commits. */
const writing = new WeakMap<Tx, { db: Db; committed: ((db: Db) => void)[] }>()

/**
 * Per database, this process's write transactions between their last statement and the end of their
 * `committed` callbacks. On PostgreSQL another connection's read can see a commit before this process
 * has run what the commit asked (the COMMIT's answer and the read's come back on different sockets):
 * such a read finds the table at a head that what this process remembers has not reached yet.
 */
const committing = new WeakMap<Db, Set<Promise<void>>>()

/**
 * Resolves once every write this process is committing has run its `committed` callbacks (or rolled
 * back). A read that met a head newer than what it remembers waits on this before judging that
 * another process moved the table: when the write was this process's, what it remembered has then
 * been carried to that head (collections/follow-writes.ts). At most one COMMIT's round trip.
 */
export async function commitsSettled(db: Db): Promise<void> {
  const pending = committing.get(db)
  if (pending?.size) await Promise.all(pending)
}

/**
 * Waits, when a read met the table at a head (`met`) other than the one what it remembers stands at
 * (`known`, undefined when nothing is), for this process's commits to run their `committed` callbacks:
 * the head may have been moved by a write of this process that has committed but not yet carried what
 * is remembered there (collections/follow-writes.ts), and a read that took it for another process's
 * move would throw away what is about to be carried. A read that met no head (`met` undefined: a page
 * without rows) does not wait; a caller for which an empty page is itself a move passes -1, a head no
 * table has.
 */
export function settledIfMoved(db: Db, met: number | undefined, known: number | undefined) {
  return met !== undefined && met !== known ? commitsSettled(db) : undefined
}

export async function withWriteLock<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const committed: ((db: Db) => void)[] = []
  let settle = () => {}
  try {
    const result = await db.transaction(async (tx) => {
      writing.set(tx, { db, committed })
      if (!soleClient.has(db)) await tx.execute(LOCK_AND_NOTIFY)
      const value = await fn(tx)
      settle = committingOn(db)
      return value
    })
    // Nothing of a transaction that rolled back runs: `committed` is only reached here.
    for (const run of committed) run(db)
    feedMoved(db)
    return result
  } finally {
    settle()
  }
}

/** Marks a write of `db` as committing; the answer ends the mark. */
function committingOn(db: Db): () => void {
  let pending = committing.get(db)
  if (!pending) {
    pending = new Set()
    committing.set(db, pending)
  }
  let done = () => {}
  const mark = new Promise<void>((resolve) => {
    done = resolve
  })
  pending.add(mark)
  return () => {
    pending.delete(mark)
    done()
  }
}

/** The database `tx` writes; undefined outside `withWriteLock`. */
export const databaseOf = (tx: Tx): Db | undefined => writing.get(tx)?.db

/**
 * Runs `run` once `tx` has committed, in the order asked, before the write's answer is given; never
 * if it rolls back. For what this process remembers of the tables (collections/follow-writes.ts).
 */
export function afterCommit(tx: Tx, run: (db: Db) => void) {
  writing.get(tx)?.committed.push(run)
}

/** The next change-feed position; call only inside `withWriteLock`. */
export const nextSeq = () => sql`nextval('write_seq')`

/**
 * The columns every change to a row sets, beside its own: one version more, the write's own time (not
 * the transaction's start: the lock may have been waited for) and the next feed position. Call only
 * inside `withWriteLock`.
 */
export const changedStamp = (version: AnyColumn) => ({
  version: sql`${version} + 1`,
  updatedAt: sql`clock_timestamp()`,
  seq: nextSeq(),
})

/** …and a new row's: created and updated at one reading of the clock (two clock_timestamp() calls differ). */
export const createdStamp = () => ({
  createdAt: sql`statement_timestamp()`,
  updatedAt: sql`statement_timestamp()`,
  seq: nextSeq(),
})
