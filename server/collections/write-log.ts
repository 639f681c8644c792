/**
 * The last writes this process carried (follow-writes.ts), each with what it did to every list it
 * followed: how far it moved each count and a way to move each list's positions. A count or a
 * position read in a snapshot that such writes have since passed (a search that took longer than the
 * time between two writes) is carried through them when it is remembered, instead of being
 * remembered at a head the table has already left, where no read could use it.
 */
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/open'

/** Where a remembered page begins, as much of it as a write's shift reads (positions.ts' Position). */
interface Place {
  key: string | null
  id: string
}

export interface CarriedWrite {
  table: PgTable
  /** The table's head before the write, and after it (the write's seq). */
  from: number
  to: number
  /** How far the write moved each count it followed, by the count's key. */
  counts: Map<string, number>
  /** How far it moved a position of each list it followed; undefined when it cannot tell. */
  lists: Map<string, (position: Place) => number | undefined>
  /** Where the row is after the write in each list it is in. */
  placed: Map<string, Place>
}

/** Enough for the writes that land while one slow search runs; older ones are forgotten. */
const KEPT = 64

const logs = new WeakMap<Db, CarriedWrite[]>()

export function logWrite(db: Db, write: CarriedWrite) {
  let log = logs.get(db)
  if (!log) {
    log = []
    logs.set(db, log)
  }
  log.push(write)
  if (log.length > KEPT) log.shift()
}

/** The writes to `table` that follow one another from `head` on, oldest first; none past a gap. */
export function writesSince(db: Db, table: PgTable, head: number): CarriedWrite[] {
  const chain: CarriedWrite[] = []
  let at = head
  for (const write of logs.get(db) ?? []) {
    if (write.table !== table || write.to <= at) continue
    if (write.from !== at) break
    chain.push(write)
    at = write.to
  }
  return chain
}
