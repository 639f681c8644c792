/**
 * The first sync's rows, stored in packs: IndexedDB costs 70–100 µs per
 * record written whatever its size (Chromium tops out near 14,000 rows/s with
 * one row per record), while the same rows as one record per 250 go ten times
 * faster. So the hydrate writes each feed page's rows as packs
 * (`writePacks`), and the sync unpacks them into their tables once the
 * download is done (`unpackSome`), one pack per transaction.
 *
 * Until a row is unpacked, a DBCore middleware (packs-middleware.ts) makes it part of its table for
 * every read by key and for counting: `get` and `getMany` that miss the table
 * look in the packs, `count()` adds the packed rows. And a row lives in one
 * place only: every write to a table (put, delete, clear) first takes the
 * rows it names out of their packs, so a newer row in the table is never
 * shadowed or overwritten by its packed copy, and a deleted one never comes
 * back. Readers that walk a whole table read its packs too (`readWholeTable`);
 * ordered queries wait for the list index (list-read.ts).
 *
 * A pack's key is [collection, n, rows]: a pack is never changed in place
 * (taking rows out replaces it under a new key), so what a key names never
 * changes, each context may remember which ids each pack holds, and the packed
 * rows of a collection are counted from the keys alone.
 */
import Dexie from 'dexie'
import { type CollectionName, collections } from '../domain/collections'
import type { OutpostDb } from './database'
import { leaveUnannounced } from './mirror-changes'
import type { MirrorRow, Pack, PackKey } from './tables'

/**
 * Rows per pack: a row read from a pack costs reading the whole pack (under a millisecond at 250),
 * and every read or write by key looks through the keys of all packs. 100 made the first sync of
 * 100,000 slower than 250 (7.2 s against 5.4 s in Chromium).
 */
export const PACK_ROWS = 250
/**
 * Packs unpacked per transaction. Every reader of the table waits for the transaction: one pack
 * (~20 ms of IndexedDB writes) keeps a list page that lands meanwhile within a frame or two.
 */
const PACKS_PER_UNPACK = 1

/**
 * Inside a transaction over the packs: writes `rows` of `collection` as packs.
 * The caller has left out rows that its table holds (they are written there).
 */
export async function writePacks(db: OutpostDb, collection: CollectionName, rows: MirrorRow[]) {
  if (rows.length === 0) return
  const keys = (await db.packs.toCollection().primaryKeys()) as PackKey[]
  let n = keys.reduce((max, [name, at]) => (name === collection ? Math.max(max, at) : max), 0)
  const values: Pack[] = []
  const packKeys: PackKey[] = []
  for (let from = 0; from < rows.length; from += PACK_ROWS) {
    const slice = rows.slice(from, from + PACK_ROWS)
    n += 1
    values.push({ rows: slice })
    packKeys.push([collection, n, slice.length])
  }
  // Dexie's key types have no tuple of a name and numbers.
  await db.packs.bulkAdd(values, packKeys as never)
}

/** Whether any rows of `collection` (or of any collection) wait in packs. */
export async function hasPacks(db: OutpostDb, collection?: CollectionName) {
  const keys = (await db.packs.toCollection().primaryKeys()) as PackKey[]
  return keys.some(([name]) => collection === undefined || name === collection)
}

/** Moves a few packs' rows into their tables; answers false when none was left. */
export function unpackSome(db: OutpostDb): Promise<boolean> {
  const tables = Object.keys(collections).map((name) => db.table(name))
  return db.transaction('rw', [...tables, db.packs], async () => {
    const keys = ((await db.packs.toCollection().primaryKeys()) as PackKey[]).slice(0, PACKS_PER_UNPACK)
    if (keys.length === 0) return false
    const values = (await db.packs.bulkGet(keys)) as Pack[]
    // Gone from the packs first: the rows then live in their table alone. Readers saw them already, as they
    // are: announced, every tab's list index would take 250 unchanged rows again, 400 times in a row.
    leaveUnannounced(Dexie.currentTransaction?.idbtrans)
    await db.packs.bulkDelete(keys)
    const byCollection = new Map<CollectionName, MirrorRow[]>()
    values.forEach((pack, i) => {
      const [name] = keys[i] as PackKey
      byCollection.set(name, [...(byCollection.get(name) ?? []), ...pack.rows])
    })
    for (const [name, rows] of byCollection) await db.table(name).bulkPut(rows)
    return true
  })
}

/** The unpacking under way in each database, so that one loop moves its packs at a time. */
const unpacking = new WeakMap<OutpostDb, Promise<void>>()

/**
 * Moves every pack into its table behind the screens, one transaction at a
 * time with a timer between (a reader waits for one move at most), and
 * answers when none is left. Called again while under way, it answers the
 * same loop. A failed move (the database closed under it, the device out of
 * storage) ends the loop with that error and leaves the packs to read; the
 * next call carries on from them.
 */
export function unpackBehind(db: OutpostDb): Promise<void> {
  const running = unpacking.get(db)
  if (running) return running
  const loop = (async () => {
    while ((await hasPacks(db)) && (await unpackSome(db)))
      await new Promise((resolve) => setTimeout(resolve, 0))
  })().finally(() => unpacking.delete(db))
  unpacking.set(db, loop)
  return loop
}

/**
 * Every row of a collection, packs and table, in chunks of about `chunk`
 * (the list index and the dashboard's figures read a table whole this way).
 * The packs are read first: a row unpacked between two reads is then seen
 * twice (the same row, in its pack and in its table), never not at all. The
 * other way round, a row that left its pack after the table's reads was lost
 * to the reader for good, since unpacking is not announced (`unpackSome`): a
 * list index built so missed it (WebKit, a list that never showed its row).
 */
export async function readWholeTable(
  db: OutpostDb,
  collection: CollectionName,
  chunk: number,
  take: (rows: MirrorRow[]) => void,
) {
  const keys = ((await db.packs.toCollection().primaryKeys()) as PackKey[]).filter(
    ([name]) => name === collection,
  )
  const perRead = Math.max(1, Math.floor(chunk / PACK_ROWS))
  for (let from = 0; from < keys.length; from += perRead) {
    const values = await db.packs.bulkGet(keys.slice(from, from + perRead))
    take(values.flatMap((pack) => (pack as Pack | undefined)?.rows ?? []))
  }
  const table = db.table<MirrorRow, string>(collection)
  let after: string | undefined
  for (;;) {
    const from = after === undefined ? table.toCollection() : table.where(':id').above(after)
    const rows = await from.limit(chunk).toArray()
    take(rows)
    if (rows.length < chunk) break
    after = (rows.at(-1) as MirrorRow).id
  }
}
