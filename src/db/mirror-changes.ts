/**
 * Which mirror rows changed, by id, once their transaction has committed, in
 * this tab and in every other tab of the same database. The in-memory list
 * indexes (mirror-index.ts) follow the mirror with it.
 *
 * Dexie's own `storagemutated` event is not precise enough: a bulkPut of 50
 * rows or more (every page of a hydrate) is reported as "the whole table".
 * So a DBCore middleware collects the ids each write touches, per
 * transaction, and announces them after `complete` (an aborted transaction
 * announces nothing). Other tabs hear it over a BroadcastChannel.
 */
import type { DBCore, DBCoreMutateRequest, DBCoreTransaction, Dexie, Middleware } from 'dexie'
import { type CollectionName, collections } from '../domain/collections'

/** Ids written or deleted, per collection; 'all' when a whole table was cleared or replaced. */
export type MirrorChanges = Partial<Record<CollectionName, string[] | 'all'>>
type Listener = (changes: MirrorChanges) => void

const mirrorTables = new Set<string>(Object.keys(collections))
const listeners = new Map<string, Set<Listener>>()
const channels = new Map<string, BroadcastChannel>()

function announce(dbName: string, changes: MirrorChanges) {
  for (const listener of listeners.get(dbName) ?? []) listener(changes)
}

function channelOf(dbName: string) {
  if (typeof BroadcastChannel === 'undefined') return undefined
  let channel = channels.get(dbName)
  if (!channel) {
    channel = new BroadcastChannel(`outpost-mirror:${dbName}`)
    channel.onmessage = (event: MessageEvent<MirrorChanges>) => announce(dbName, event.data)
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
// went unheard, every index then reads its table again.
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', (event) => {
    if (!event.persisted) return
    for (const channel of channels.values()) channel.close()
    channels.clear()
  })
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return
    for (const dbName of listeners.keys()) {
      channelOf(dbName)
      announce(dbName, everything())
    }
  })
}

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

function middleware(dbName: string): Middleware<DBCore> {
  const pending = new WeakMap<DBCoreTransaction, MirrorChanges>()
  const collect = (trans: DBCoreTransaction, table: CollectionName, ids: string[] | 'all') => {
    let changes = pending.get(trans)
    if (!changes) {
      const collected: MirrorChanges = {}
      changes = collected
      pending.set(trans, collected)
      // The DBCore transaction is the IDBTransaction itself.
      ;(trans as unknown as IDBTransaction).addEventListener('complete', () => {
        // Other tabs first: nothing that happens here can then keep it from them.
        channelOf(dbName)?.postMessage(collected)
        announce(dbName, collected)
      })
    }
    const before = changes[table]
    changes[table] = before === 'all' || ids === 'all' ? 'all' : [...(before ?? []), ...ids]
  }
  return {
    stack: 'dbcore',
    name: 'mirror-changes',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name)
        if (!mirrorTables.has(name)) return table
        return {
          ...table,
          mutate: async (req) => {
            const result = await table.mutate(req)
            collect(req.trans, name as CollectionName, touchedIds(req))
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
