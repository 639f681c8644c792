/**
 * Where a plain list's pages begin, remembered until the table's next write,
 * or moved across this process's own writes (follow-writes.ts).
 *
 * A deep page (page 5,000 of 10) must skip 49,990 entries of the sort index
 * before its ten rows: ~15 ms in PGlite's WebAssembly, on the one connection
 * every other request waits for. Once a page has been read, its first row's
 * sort key and id mark where that offset begins in this snapshot; the same
 * page, or any later one, then seeks the index to that key and skips only the
 * rest (the next page skips ten). Paging through a whole list, as API clients
 * do, stops costing the square of its length.
 *
 * A position is only true of the snapshot it was read in. It is kept with the
 * table's head (counts.ts: it moves at every committed write and never returns
 * to an earlier value), every read through it carries the head of its own
 * snapshot, and a read whose head differs is thrown away and read again from
 * the start. So the answer is always the one reading the table would give.
 *
 * Only orders an index serves as a seek: the id, or one text field ascending
 * then the id (the default orders of every list).
 */
import type { SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/open'
import { memoryPerDb, setRecent } from './memory'
import { writesSince } from './write-log'

export interface Position {
  /** The offset, in the list, of the row below. */
  offset: number
  /** That row's sort value (`lower(field) collate "C"`), or null when the list is in id order. */
  key: string | null
  id: string
}

/** What a list is, for a write to follow its positions (follow-writes.ts). */
export interface ListOrder {
  table: PgTable & { id: PgColumn }
  /** Which rows are in the list. */
  filter: SQL | undefined
  /** The first sort key's value, as `Position.key` holds it; null when the list is in id order. */
  value: SQL | null
}

interface Positions {
  head: number
  /** Ascending by offset. */
  at: Position[]
  order: ListOrder
}

/** Lists (filter and order) remembered per database; the least recently used is forgotten first. */
const MAX_LISTS = 100
/** Per list: enough for a client paging through 100,000 rows ten at a time to keep its last stretch. */
const MAX_POSITIONS = 256

const memoryOf = memoryPerDb<Positions>()

/** The remembered position nearest before `offset` (or at it), with the head it belongs to. */
export function positionBefore(
  db: Db,
  list: string,
  offset: number,
): { head: number; from: Position } | undefined {
  const known = memoryOf(db).get(list)
  if (!known) return undefined
  let from: Position | undefined
  for (const position of known.at) {
    if (position.offset > offset) break
    from = position
  }
  return from && { head: known.head, from }
}

/** The one position remembered at `offset` in the snapshot of `head`, if there is exactly one. */
export function positionAt(db: Db, list: string, head: number, offset: number): Position | undefined {
  const known = memoryOf(db).get(list)
  if (known?.head !== head) return undefined
  const found = known.at.filter((position) => position.offset === offset)
  return found.length === 1 ? found[0] : undefined
}

/**
 * The remembered positions after offset `after` and before `end`, ascending, at the head positionBefore
 * gave with the one at `after`. Two may share an offset (a row's delete leaves its position, true,
 * at its successor's).
 */
export function positionsAfter(db: Db, list: string, after: number, end: number): Position[] {
  return (
    memoryOf(db)
      .get(list)
      ?.at.filter((position) => position.offset > after && position.offset < end) ?? []
  )
}

/** The same row at the same offset. */
export const samePosition = (a: Position, b: Position) =>
  a.id === b.id && a.key === b.key && a.offset === b.offset

/**
 * Remembers where a page began in the snapshot of `head`, carried through the writes this process has
 * followed since (write-log.ts). Positions of an older head than the list's are dropped; those of a
 * newer one replace the list's.
 */
export function rememberPosition(db: Db, list: string, order: ListOrder, head: number, position: Position) {
  const memory = memoryOf(db)
  let known = memory.get(list)
  for (const write of writesSince(db, order.table, head)) {
    if (known?.head === head) break
    const by = write.lists.get(list)?.(position)
    if (by === undefined) break
    position = { ...position, offset: position.offset + by }
    head = write.to
  }
  if (known && known.head > head) return
  if (!known || known.head !== head) known = { head, at: [], order }
  setRecent(memory, list, known, MAX_LISTS)
  const at = known.at.filter((entry) => entry.offset !== position.offset)
  at.push(position)
  at.sort((a, b) => a.offset - b.offset)
  // Keep the deepest ones: a reader paging forward needs the last.
  known.at = at.length > MAX_POSITIONS ? at.slice(at.length - MAX_POSITIONS) : at
}

/** A list's positions are wrong from the moment its head moves. */
export function forgetPositions(db: Db, list: string) {
  memoryOf(db).delete(list)
}

/** The lists of `table` with positions remembered, the most recently used first, at most `max`. */
export function listsOn(db: Db, table: PgTable, max: number): [string, ListOrder][] {
  const found: [string, ListOrder][] = []
  for (const [list, { order }] of [...memoryOf(db)].reverse()) {
    if (found.length === max) break
    if (order.table === table) found.push([list, order])
  }
  return found
}

/**
 * A committed write moved the table's head from `from` to `to` (follow-writes.ts): positions true at
 * `from` move by what `shift` says of each (the rows the write put before it or took away), and are
 * then true at `to`. `shift` answers undefined when it cannot tell: the list's positions are forgotten.
 */
export function followPositions(
  db: Db,
  list: string,
  from: number,
  to: number,
  shift: (position: Position) => number | undefined,
  /** Where the written row now is in the list, when it is in it. */
  placed?: Omit<Position, 'offset'>,
) {
  const memory = memoryOf(db)
  const known = memory.get(list)
  if (known?.head !== from) return
  const at: Position[] = []
  for (const position of known.at) {
    const by = shift(position)
    if (by === undefined) {
      memory.delete(list)
      return
    }
    at.push({ ...position, offset: position.offset + by })
  }
  // The row came before the list's first row: it is the first now. Without this, page 1 of a search
  // whose matches cluster late lost where it begins at every write that added an earlier match.
  if (placed && known.at[0]?.offset === 0 && at[0]?.offset === 1) at.unshift({ ...placed, offset: 0 })
  memory.set(list, { head: to, at, order: known.order })
}
