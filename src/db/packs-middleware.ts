/**
 * The DBCore middleware that makes the first sync's packed rows (packs.ts)
 * part of their tables until they are unpacked: `get` and `getMany` that miss
 * a table look in its packs, `count()` of a whole table adds them, and every
 * write to a table (put, delete, clear) first takes the rows it names out of
 * their packs, so a row lives in one place only. Every transaction over a
 * mirror table also opens the pack stores.
 *
 * What a context learns of the packs (which ids each key holds, the packs it
 * read lately) is exact while a key is listed, since a pack is never changed
 * in place, and is let go a while after its last look.
 */
import type {
  DBCore,
  DBCoreGetManyRequest,
  DBCoreKeyRange,
  DBCoreMutateRequest,
  DBCoreTable,
  DBCoreTransaction,
  Dexie,
  Middleware,
} from 'dexie'
import { collections } from '../domain/collections'
import { type MirrorRow, PACK_IDS, PACKS, type Pack, type PackKey } from './tables'

/** Packs each context keeps as read, for rows asked for again: 16,000 rows, ~8 MB of contacts. */
const RECENT_PACKS = 64
/** How long a context keeps what it learnt of the packs after its last look at them. */
const FORGET_MS = 10_000
const packed = new Set<string>(Object.keys(collections))
/** Every key of a store (Dexie's own AnyRange; its DBCoreRangeType is a const enum, not there at run time). */
const ANY: DBCoreKeyRange = { type: 3, lower: Number.NEGATIVE_INFINITY, upper: [[]] }
const keyText = (key: PackKey) => key.join('\u0000')

/** What one context knows of the packs it has seen: exact, since a key's contents never change. */
class PackMap {
  private readonly ids = new Map<string, { key: PackKey; ids: string[] }>()
  /**
   * Each collection's ids to the pack holding them. A map per collection, looked up by the id itself:
   * the id's hash is kept with the string, where a "collection + id" text made per lookup had to be
   * hashed afresh, 100,000 times to learn a first sync's packs and as many to look them up.
   */
  private readonly packOf = new Map<string, Map<string, PackKey>>()

  get size() {
    return this.ids.size
  }

  /** Forgets the packs not among `keys` (those a transaction sees); answers the keys it has not seen yet. */
  follow(keys: PackKey[]): PackKey[] {
    const now = new Set(keys.map(keyText))
    for (const [text, { ids, key }] of this.ids)
      if (!now.has(text)) {
        this.ids.delete(text)
        const packOf = this.packOf.get(key[0])
        for (const id of ids) if (packOf?.get(id) === key) packOf.delete(id)
      }
    return keys.filter((key) => !this.ids.has(keyText(key)))
  }

  learn(key: PackKey, ids: string[]) {
    this.ids.set(keyText(key), { key, ids })
    let packOf = this.packOf.get(key[0])
    if (!packOf) {
      packOf = new Map()
      this.packOf.set(key[0], packOf)
    }
    for (const id of ids) packOf.set(id, key)
  }

  clear() {
    this.ids.clear()
    this.packOf.clear()
  }

  /** The packs holding any of `ids`, each once. */
  holdersOf(collection: string, ids: readonly string[]): PackKey[] {
    const packOf = this.packOf.get(collection)
    if (!packOf) return []
    const holders = new Map<string, PackKey>()
    for (const id of ids) {
      const key = packOf.get(id)
      if (key) holders.set(keyText(key), key)
    }
    return [...holders.values()]
  }
}

function middleware(): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'packs',
    // Below Dexie's hooks (level 2), which look every table up in the Dexie transaction, where packs are not
    // named when the transaction was opened over tables only; above its change tracking (level 0).
    level: 1.5,
    create: (down) => {
      const map = new PackMap()
      // Packs read lately, kept as read: a key's contents never change, so a pack still listed is this one.
      // A list refreshed as the first sync goes on reads the same few packs again and again.
      const recent = new Map<string, Pack>()
      // What a context learnt of the packs is let go a while after its last look: once the rows are
      // unpacked, nothing looks again, and 100,000 ids and the packs kept would stay in memory.
      let forgetting: ReturnType<typeof setTimeout> | undefined
      const forgetSoon = () => {
        clearTimeout(forgetting)
        forgetting = setTimeout(() => {
          map.clear()
          recent.clear()
        }, FORGET_MS)
        ;(forgetting as { unref?: () => void }).unref?.()
      }
      const remember = (key: PackKey, pack: Pack) => {
        recent.set(keyText(key), pack)
        if (recent.size > RECENT_PACKS) recent.delete(recent.keys().next().value as string)
      }
      // Looked up when first used: while an older database is upgraded, the stack is made before packs exist.
      let packsTable: DBCoreTable | undefined
      let idsTable: DBCoreTable | undefined
      const packs = () => (packsTable ??= down.table(PACKS))
      const packIds = () => (idsTable ??= down.table(PACK_IDS))
      /** Packs and their ids go together. */
      const drop = (trans: DBCoreTransaction, keys: PackKey[]) =>
        packs()
          .mutate({ type: 'delete', trans, keys })
          .then(() => packIds().mutate({ type: 'delete', trans, keys }))
      const put = (trans: DBCoreTransaction, kept: { key: PackKey; pack: Pack }[]) => {
        const keys = kept.map(({ key }) => key)
        return packs()
          .mutate({ type: 'put', trans, keys, values: kept.map(({ pack }) => pack) })
          .then(() =>
            packIds().mutate({ type: 'put', trans, keys, values: kept.map(({ pack }) => idsOf(pack)) }),
          )
      }
      // Written with `.then`, not `await`: Dexie's zone (its transaction, which the middlewares below look up)
      // follows a `.then` callback, but not the code after a native `await`.

      /** The keys of every pack the transaction sees, with the map brought up to them. */
      const keysNow = (trans: DBCoreTransaction): Promise<PackKey[]> =>
        packs()
          .query({ trans, values: false, query: { index: packs().schema.primaryKey, range: ANY } })
          .then(({ result }) => {
            const keys = result as PackKey[]
            if (keys.length > 0 || map.size > 0) forgetSoon()
            const unseen = map.follow(keys)
            // Packs gone (unpacked, replaced) are not kept either.
            if (recent.size > 0) {
              const now = new Set(keys.map(keyText))
              for (const text of recent.keys()) if (!now.has(text)) recent.delete(text)
            }
            if (unseen.length === 0) return keys
            return packIds()
              .getMany({ trans, keys: unseen })
              .then((values) => {
                values.forEach((ids: string[] | undefined, i) => {
                  if (ids) map.learn(unseen[i] as PackKey, ids)
                })
                return keys
              })
          })

      /** The packs holding `ids` of `collection`, read (or remembered): each pack's key and value. */
      const holding = (trans: DBCoreTransaction, collection: string, ids: readonly string[]) =>
        keysNow(trans).then((all) => {
          // Only packs this transaction sees: another, later one may have taught the map of newer packs.
          const seen = new Set(all.map(keyText))
          const keys = map.holdersOf(collection, ids).filter((key) => seen.has(keyText(key)))
          const read = new Map(
            keys.flatMap((key) => {
              const pack = recent.get(keyText(key))
              return pack ? [[keyText(key), pack] as const] : []
            }),
          )
          const unread = keys.filter((key) => !read.has(keyText(key)))
          const held = () =>
            keys.flatMap((key) => {
              const pack = read.get(keyText(key))
              return pack ? [{ key, pack }] : []
            })
          if (unread.length === 0) return held()
          return packs()
            .getMany({ trans, keys: unread })
            .then((values: (Pack | undefined)[]) => {
              unread.forEach((key, i) => {
                const pack = values[i]
                if (!pack) return
                read.set(keyText(key), pack)
                remember(key, pack)
              })
              return held()
            })
        })

      /** Takes `ids` of `collection` out of their packs: each pack that held one is replaced without them. */
      const takeOut = (trans: DBCoreTransaction, collection: string, ids: readonly string[]) =>
        holding(trans, collection, ids).then((held) => {
          if (held.length === 0) return
          const gone = new Set(ids)
          const kept = held.flatMap(({ key: [name, n], pack }) => {
            const rows = pack.rows.filter((row) => !gone.has(row.id))
            return rows.length ? [{ key: [name, n, rows.length] as PackKey, pack: { rows } }] : []
          })
          return drop(
            trans,
            held.map(({ key }) => key),
          )
            .then(() => (kept.length ? put(trans, kept) : undefined))
            .then(() => {
              for (const { key, pack } of kept) map.learn(key, idsOf(pack))
            })
        })

      /** Every packed row of `collection` in `range` leaves its pack (a table cleared, or a range of it deleted). */
      const takeOutRange = (trans: DBCoreTransaction, collection: string, range: DBCoreKeyRange) =>
        keysNow(trans).then((all): Promise<unknown> | undefined => {
          const keys = all.filter(([name]) => name === collection)
          if (keys.length === 0) return
          if (range.type === ANY.type) return drop(trans, keys)
          return packs()
            .getMany({ trans, keys })
            .then((values: Pack[]) => {
              const ids = values
                .flatMap((pack) => pack.rows.map((row) => row.id))
                .filter((id) => within(id, range))
              return takeOut(trans, collection, ids)
            })
        })

      const packsWithChecks = (table: DBCoreTable): DBCoreTable => ({
        ...table,
        mutate: (req) => {
          // A pack's ids go where the pack goes.
          if (req.type === 'delete' || req.type === 'deleteRange')
            return table.mutate(req).then((result) =>
              packIds()
                .mutate(req)
                .then(() => result),
            )
          if (req.type !== 'add') return table.mutate(req)
          const keys = req.keys as PackKey[]
          const values = req.values as Pack[]
          // A row the feed sent again (newer) must not live in two packs: out of the older one first.
          const ids = new Map<string, string[]>()
          keys.forEach(([collection], i) => {
            ids.set(collection, [...(ids.get(collection) ?? []), ...idsOf(values[i] as Pack)])
          })
          return [...ids]
            .reduce<Promise<unknown>>(
              (done, [collection, named]) => done.then(() => takeOut(req.trans, collection, named)),
              keysNow(req.trans),
            )
            .then(() => table.mutate(req))
            .then((result) => {
              const added = keys.filter((_, i) => !result.failures[i])
              const ids = added.map((key) => idsOf(values[keys.indexOf(key)] as Pack))
              added.forEach((key, i) => {
                map.learn(key, ids[i] as string[])
              })
              return packIds()
                .mutate({ type: 'add', trans: req.trans, keys: added, values: ids })
                .then(() => result)
            })
        },
      })

      const mirrorTable = (name: string, table: DBCoreTable): DBCoreTable => {
        const getMany = (req: DBCoreGetManyRequest) =>
          table.getMany(req).then((rows: (MirrorRow | undefined)[]) => {
            const missing = (req.keys as string[]).filter((_, i) => rows[i] === undefined)
            if (missing.length === 0) return rows
            return holding(req.trans, name, missing).then((held) => {
              const found = new Map<string, MirrorRow>()
              const wanted = new Set(missing)
              for (const { pack } of held)
                for (const row of pack.rows) if (wanted.has(row.id)) found.set(row.id, row)
              return rows.map((row, i) => row ?? found.get(req.keys[i] as string))
            })
          })
        return {
          ...table,
          get: (req) => getMany({ trans: req.trans, keys: [req.key] }).then((rows) => rows[0]),
          getMany,
          count: (req) =>
            table.count(req).then((inTable) => {
              // Only a whole table's count adds its packed rows; ranged counts are the list index's (list-read.ts).
              if (req.query.index.isPrimaryKey !== true || req.query.range.type !== ANY.type) return inTable
              return keysNow(req.trans).then((keys) =>
                keys.reduce((sum, [collection, , rows]) => (collection === name ? sum + rows : sum), inTable),
              )
            }),
          mutate: (req) =>
            (req.type === 'deleteRange'
              ? takeOutRange(req.trans, name, req.range)
              : takeOut(req.trans, name, idsWritten(req))
            ).then(() => table.mutate(req)),
        }
      }

      return {
        ...down,
        // Every transaction over a mirror table can read and replace packs.
        transaction: (stores, mode, options) =>
          down.transaction(
            stores.some((store) => packed.has(store) || store === PACKS)
              ? [...new Set([...stores, PACKS, PACK_IDS])]
              : stores,
            mode,
            options,
          ),
        table: (name) => {
          const table = down.table(name)
          if (name === PACKS) return packsWithChecks(table)
          return packed.has(name) ? mirrorTable(name, table) : table
        },
      }
    },
  }
}

const idsOf = (pack: Pack) => pack.rows.map((row) => row.id)

function idsWritten(req: Exclude<DBCoreMutateRequest, { type: 'deleteRange' }>): string[] {
  if (req.type === 'delete') return req.keys as string[]
  return (req.keys as string[] | undefined) ?? req.values.map((value) => (value as MirrorRow).id)
}

function within(id: string, range: DBCoreKeyRange) {
  const above = range.lower === undefined || (range.lowerOpen ? id > range.lower : id >= range.lower)
  const below = range.upper === undefined || (range.upperOpen ? id < range.upper : id <= range.upper)
  return above && below
}

/** Installs the packs' reads on a database (once, before it opens). */
export function readPacks(db: Dexie) {
  db.use(middleware())
}
