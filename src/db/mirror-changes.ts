/**
 * Which mirror rows changed, by id, once their transaction has committed, in
 * this tab and in every other tab of the same database. The in-memory list
 * indexes (mirror-entries.ts) follow the mirror with it.
 *
 * Dexie's own `storagemutated` event is not precise enough: a bulkPut of 50
 * rows or more (every page of a hydrate) is reported as "the whole table".
 * So a DBCore middleware collects the ids each write touches, per
 * transaction, and announces them after `complete` (an aborted transaction
 * announces nothing). Other tabs hear it over a BroadcastChannel.
 *
 * This tab's listeners are also handed the rows as written (`Written`): a
 * hydrate writes 100,000 rows, and reading each page back from IndexedDB
 * only to learn what was just put cost the list index as much as the write.
 * Other tabs get the ids alone (cloning every row across would cost them the
 * same) and read the rows themselves.
 */
import type {
  DBCore,
  DBCoreMutateRequest,
  DBCoreMutateResponse,
  DBCoreTransaction,
  Dexie,
  Middleware,
} from 'dexie'
import { type CollectionName, collections } from '../domain/collections'
import { onPageSleep } from './page-sleep'
import { PACKS, type Pack, type PackKey } from './tables'

/** Ids written or deleted, per collection; 'all' when a whole table was cleared or replaced. */
export type MirrorChanges = Partial<Record<CollectionName, string[] | 'all'>>
/**
 * What this tab's transaction left in each row it touched: the row as last
 * written, or null once deleted. An id changed but missing here (a write that
 * may have failed inside a committed transaction) must be read again. The sync
 * worker hands its page these too, each row cut to what its list-index entry
 * is made of (index-entries.ts, `entryRowsOf`).
 */
export type Written = Partial<Record<CollectionName, Map<string, Record<string, unknown> | null>>>
type Listener = (changes: MirrorChanges, written?: Written) => void

const mirrorTables = new Set<string>(Object.keys(collections))
const listeners = new Map<string, Set<Listener>>()
const channels = new Map<string, BroadcastChannel>()

/**
 * What goes over the channel: the changes, with the tag of the context that made them when it has one
 * (`tagMirrorChanges`) beside the collections, so a tab of an older version, which reads only its
 * collections' keys, hears them as before.
 */
type Heard = MirrorChanges & { _from?: string }
/** This context's tag on what it posts (the sync worker's: its page hears it from the worker itself). */
let ownTag: string | undefined
/** Contexts whose posts are not heard here: they hand this context their rows themselves (`announceWritten`). */
const deaf = new Set<string>()

function announce(dbName: string, changes: MirrorChanges, written?: Written) {
  for (const listener of listeners.get(dbName) ?? []) listener(changes, written)
}

/**
 * The sync worker tags what it posts, and hands its own page the rows it
 * wrote, cut to their list-index entries' fields (`announceWritten`): read back from IndexedDB
 * instead, a page of the first sync reached the list only after the worker's
 * next write, and the list no longer filled while the download ran.
 */
export function tagMirrorChanges(tag: string) {
  ownTag = tag
}

/** The page of a worker that tags its posts with `tag` hears them from that worker alone. */
export function ignoreMirrorChangesFrom(tag: string) {
  deaf.add(tag)
}

/** Changes made in another context of this tab (its sync worker), with the rows written there. */
export function announceWritten(dbName: string, changes: MirrorChanges, written: Written) {
  announce(dbName, changes, written)
}

function channelOf(dbName: string) {
  if (typeof BroadcastChannel === 'undefined') return undefined
  let channel = channels.get(dbName)
  if (!channel) {
    channel = new BroadcastChannel(`outpost-mirror:${dbName}`)
    channel.onmessage = (event: MessageEvent<Heard>) => {
      const { _from: from, ...changes } = event.data
      if (from === undefined || !deaf.has(from)) announce(dbName, changes)
    }
    // Node (tests) would otherwise stay alive for the channel.
    ;(channel as { unref?: () => void }).unref?.()
    channels.set(dbName, channel)
  }
  return channel
}

const everything = (): MirrorChanges =>
  Object.fromEntries([...mirrorTables].map((table) => [table, 'all'])) as MirrorChanges

// The back/forward cache keeps no page with an open BroadcastChannel (Dexie closes its own for the same
// reason). Closed while the page sleeps, reopened when it wakes; and as what other tabs wrote meanwhile
// went unheard, every index then reads its table again. (The service worker, which replays the outbox in
// the background, writes through this module too: onPageSleep does nothing there.)
onPageSleep(
  () => {
    for (const channel of channels.values()) channel.close()
    channels.clear()
  },
  () => {
    for (const dbName of listeners.keys()) {
      channelOf(dbName)
      announce(dbName, everything())
    }
  },
)

/** Hears every committed change of the mirror tables of the database named `dbName`; answers the unsubscribe. */
export function onMirrorChanges(dbName: string, listener: Listener): () => void {
  channelOf(dbName)
  const set = listeners.get(dbName) ?? new Set()
  set.add(listener)
  listeners.set(dbName, set)
  return () => set.delete(listener)
}

function touchedIds(req: DBCoreMutateRequest): string[] | 'all' {
  if (req.type === 'deleteRange') return 'all'
  if (req.type === 'delete') return req.keys as string[]
  return (req.keys as string[] | undefined) ?? req.values.map((value) => (value as { id: string }).id)
}

/**
 * The rows a request left, by id, in the order written (a later write of one id wins). Rows whose
 * write failed (a bulk add partly refused in a transaction that still commits) are left out, so they
 * are read again; so are updates that name their changes only.
 */
function rowsLeft(
  req: DBCoreMutateRequest,
  result: DBCoreMutateResponse,
  into: Map<string, Record<string, unknown> | null>,
) {
  if (req.type === 'deleteRange') return
  if (req.type === 'delete') {
    for (const key of req.keys as string[]) into.set(key, null)
    return
  }
  if (req.type === 'put' && req.upsert === false) return
  const failed = result.failures
  req.values.forEach((value, i) => {
    const id = (value as { id?: unknown } | null)?.id
    if (typeof id !== 'string') return
    if (failed[i]) into.delete(id)
    else into.set(id, value as Record<string, unknown>)
  })
}

/** Transactions whose writes change nothing a reader sees (rows moved out of packs, packs.ts). */
const unannounced = new WeakSet<object>()

/** The writes of `transaction` (the IndexedDB transaction under a Dexie one) are not announced. */
export function leaveUnannounced(transaction: object | undefined) {
  if (transaction) unannounced.add(transaction)
}

function middleware(dbName: string): Middleware<DBCore> {
  const pending = new WeakMap<DBCoreTransaction, { changes: MirrorChanges; written: Written }>()
  const collect = (
    trans: DBCoreTransaction,
    table: CollectionName,
    req: DBCoreMutateRequest,
    result: DBCoreMutateResponse,
  ) => {
    if (unannounced.has(trans)) return
    let collected = pending.get(trans)
    if (!collected) {
      const fresh = { changes: {} as MirrorChanges, written: {} as Written }
      collected = fresh
      pending.set(trans, fresh)
      // The DBCore transaction is the IDBTransaction itself.
      ;(trans as unknown as IDBTransaction).addEventListener('complete', () => {
        // Other tabs first: nothing that happens here can then keep it from them.
        channelOf(dbName)?.postMessage(
          ownTag ? ({ ...fresh.changes, _from: ownTag } satisfies Heard) : fresh.changes,
        )
        announce(dbName, fresh.changes, fresh.written)
      })
    }
    const { changes, written } = collected
    const ids = touchedIds(req)
    const before = changes[table]
    if (before === 'all' || ids === 'all') {
      changes[table] = 'all'
      delete written[table]
      return
    }
    // Appended in place: a page of a hydrate is one request, but a settle batch is many small ones.
    if (before) for (const id of ids) before.push(id)
    else changes[table] = [...ids]
    let rows = written[table]
    if (!rows) {
      rows = new Map()
      written[table] = rows
    }
    // Ids this request touched but whose row it cannot vouch for are forgotten, to be read again.
    for (const id of ids) rows.delete(id)
    rowsLeft(req, result, rows)
  }
  /**
   * Packs added are rows written (the first sync's, packs.ts); packs cleared are every packed row gone.
   * A pack replaced or unpacked changes no row: the write that caused it is announced by its own table.
   */
  const collectPacks = (req: DBCoreMutateRequest, result: DBCoreMutateResponse) => {
    if (req.type === 'deleteRange') {
      for (const table of mirrorTables) collect(req.trans, table as CollectionName, req, result)
      return
    }
    if (req.type !== 'add') return
    const keys = req.keys as PackKey[]
    keys.forEach(([collection], i) => {
      if (result.failures[i]) return
      const rows = (req.values[i] as Pack).rows
      collect(
        req.trans,
        collection,
        { ...req, keys: rows.map((row) => row.id), values: rows },
        { ...result, failures: [] },
      )
    })
  }
  return {
    stack: 'dbcore',
    name: 'mirror-changes',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name)
        if (name === PACKS)
          return {
            ...table,
            mutate: async (req) => {
              const result = await table.mutate(req)
              collectPacks(req, result)
              return result
            },
          }
        if (!mirrorTables.has(name)) return table
        return {
          ...table,
          mutate: async (req) => {
            const result = await table.mutate(req)
            collect(req.trans, name as CollectionName, req, result)
            return result
          },
        }
      },
    }),
  }
}

/** Installs the change feed on a database (once, before it opens). */
export function trackMirrorChanges(db: Dexie) {
  db.use(middleware(db.name))
}
