/**
 * What this process remembers of a table's lists (their counts: counts.ts;
 * where their pages begin: positions.ts; the pages themselves: pages.ts) kept
 * true across a write of one of its rows, instead of being counted and found
 * again from nothing.
 *
 * Before a row is written, one statement reads, for each list remembered of
 * the table, whether the row is in the list and where it sorts, with the
 * table's head; after the write, the same again. The database evaluates every
 * list's own `where` on the row, so "in the list" means exactly what the
 * list's count means, collations and all. Once the transaction commits, a
 * count true at the head before becomes true at the head after, moved by
 * what the row did (in, out, or neither), each remembered position moves
 * by the rows now before it less those that were, and a kept page the row is
 * not on, before or after, with as many rows before it as before, stays.
 *
 * Exact by construction, whatever else writes: the head is the one counts.ts
 * defines, read inside the write lock, so "before" is the head every earlier
 * write left and "after" is this write's own seq. A count or position
 * remembered at any other head (a write this did not follow, by another
 * process, or by a statement that changes many rows) is left alone, and the
 * next read finds its head moved and reads again, as it always did.
 *
 * Bounded: only the most recently used lists of the table are followed; the
 * others are read again when next asked.
 */
import { type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { compareListOrder, sortKeyOf } from '../../src/domain/list-order'
import type { Db } from '../db/open'
import { rowsOf } from '../db/rows'
import { afterCommit, databaseOf, type Tx } from '../db/write'
import { type CountQuery, countsOn, followCount, headOf } from './counts'
import { carryPages, type KeptPage } from './pages'
import { followPositions, type ListOrder, listsOn, type Position, positionAt } from './positions'
import { type CarriedWrite, logWrite } from './write-log'

/** Counts and lists followed per write, at most: a statement's worth of expressions, not a team's every search. */
const MAX_COUNTS = 24
const MAX_LISTS = 8

interface Followed {
  counts: [string, CountQuery][]
  lists: [string, ListOrder][]
}

/** The row as each followed list sees it: whether it is in, and its first sort key. */
interface RowState {
  head: number
  inCount: boolean[]
  inList: boolean[]
  keys: (string | null)[]
}

const isIn = (table: PgTable & { id: PgColumn }, filter: SQL | undefined) =>
  sql`coalesce(${table.id} is not null and (${filter ?? sql`true`}), false)`

async function stateOf(
  tx: Tx,
  table: PgTable & { id: PgColumn },
  seq: PgColumn,
  id: string,
  followed: Followed,
): Promise<RowState> {
  const columns = [
    sql`${headOf(table, seq)}`,
    ...followed.counts.map(([, query]) => isIn(table, query.filter)),
    ...followed.lists.flatMap(([, order]) => [isIn(table, order.filter), order.value ?? sql`null`]),
  ]
  // One row whether or not the row exists yet (a create): the head, and "not in" every list.
  const [row] = rowsOf(
    await tx.execute(
      sql`select ${sql.join(
        columns.map((column, i) => sql`${column} as ${sql.identifier(`c${i}`)}`),
        sql`, `,
      )} from (select 1) as "one" left join ${table} on ${table.id} = ${id}`,
    ),
  )
  const at = (i: number) => row?.[`c${i}`]
  const lists = followed.lists.map((_, i) => 1 + followed.counts.length + 2 * i)
  return {
    head: Number(at(0)),
    inCount: followed.counts.map((_, i) => at(1 + i) === true),
    inList: lists.map((i) => at(i) === true),
    keys: lists.map((i) => (at(i + 1) ?? null) as string | null),
  }
}

/** Whether the row (id, first sort key) sorts before a position; undefined when its key is null. */
function sortsBefore(
  order: ListOrder,
  key: string | null,
  id: string,
  position: Pick<Position, 'key' | 'id'>,
) {
  if (order.value !== null && key === null) return undefined
  const at = { key: order.value === null ? null : sortKeyOf(position.key), id: position.id }
  return compareListOrder({ key: order.value === null ? null : sortKeyOf(key), id }, at) < 0
}

/** Where the row is of a position: sorted before it (true) or not (false); undefined when it cannot tell. */
type SortsBefore = (position: Pick<Position, 'key' | 'id'>) => boolean | undefined

/**
 * Whether a page of a list, kept at the head before the write (`from`), is the same page after it: the
 * row written is on it neither before nor after, and as many rows sort before the page's first row as
 * did. Told from where the page's first and last rows are (positions.ts, at `from`): a page whose ends
 * are not both known there is read again, as before.
 */
function pageLeftAsItWas(
  db: Db,
  list: string,
  from: number,
  page: KeptPage,
  written: { id: string; was: SortsBefore; is: SortsBefore; inAfter: boolean },
) {
  const { rows, offset, limit } = page
  const firstId = rows[0]?.id
  const lastId = rows[rows.length - 1]?.id
  if (firstId === undefined || rows.some((row) => String(row.id).toLowerCase() === written.id)) return false
  const first = positionAt(db, list, from, offset)
  const last = positionAt(db, list, from, offset + rows.length - 1)
  if (first?.id !== String(firstId) || last?.id !== String(lastId)) return false
  const [then, now, nowBeforeLast] = [written.was(first), written.is(first), written.is(last)]
  if (then === undefined || now === undefined || nowBeforeLast === undefined || then !== now) return false
  // Not before the first row but before the last: it is on the page now.
  if (!now && nowBeforeLast) return false
  // The last page, short: a row that now sorts after its last row joins it.
  return !(rows.length < limit && written.inAfter && !nowBeforeLast)
}

/**
 * Runs `write` (one row of `table`, by id, inside `tx`) and keeps this process's counts and positions of
 * the table's lists true across it once `tx` commits. `write` answers the row written, or undefined
 * when it wrote nothing.
 */
export async function followWrite<T>(
  tx: Tx,
  table: PgTable & { id: PgColumn },
  seq: PgColumn,
  id: string,
  write: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const db = databaseOf(tx)
  const followed: Followed | undefined = db && {
    counts: countsOn(db, table, MAX_COUNTS),
    lists: listsOn(db, table, MAX_LISTS),
  }
  if (!followed || followed.counts.length + followed.lists.length === 0) return write()
  const before = await stateOf(tx, table, seq, id, followed)
  const written = await write()
  if (written === undefined) return written
  const after = await stateOf(tx, table, seq, id, followed)
  // PostgreSQL orders uuids as their bytes: the lower-case text's order.
  const rowId = id.toLowerCase()
  afterCommit(tx, (db) => {
    const write: CarriedWrite = {
      table,
      from: before.head,
      to: after.head,
      counts: new Map(),
      lists: new Map(),
      placed: new Map(),
    }
    followed.counts.forEach(([key], i) => {
      write.counts.set(key, Number(after.inCount[i]) - Number(before.inCount[i]))
    })
    followed.lists.forEach(([list, order], i) => {
      const was = (position: Pick<Position, 'key' | 'id'>) =>
        before.inList[i] ? sortsBefore(order, before.keys[i] ?? null, rowId, position) : false
      const is = (position: Pick<Position, 'key' | 'id'>) =>
        after.inList[i] ? sortsBefore(order, after.keys[i] ?? null, rowId, position) : false
      if (after.inList[i]) write.placed.set(list, { key: after.keys[i] ?? null, id: rowId })
      // Before the positions move (below): the pages are judged by where their rows were at `from`.
      const written = { id: rowId, was, is, inAfter: after.inList[i] === true }
      carryPages(db, list, write.from, write.to, (page) =>
        pageLeftAsItWas(db, list, write.from, page, written),
      )
      write.lists.set(list, (position) => {
        const [then, now] = [was(position), is(position)]
        return then === undefined || now === undefined ? undefined : Number(now) - Number(then)
      })
    })
    // Logged first: what is remembered later from a snapshot before this write is carried through it.
    logWrite(db, write)
    for (const [key, change] of write.counts) followCount(db, key, write.from, write.to, change)
    for (const [list, shift] of write.lists)
      followPositions(db, list, write.from, write.to, shift, write.placed.get(list))
  })
  return written
}
