/**
 * Reads the server's change feed after the stored cursor and applies it, one
 * Dexie transaction per page, cursor included, so a page is either wholly
 * applied or not at all. A cursor the server no longer knows (410, tombstones
 * purged) starts a full resync that keeps every queued change. One's own
 * account, which is in no feed, is read afresh first (pull-account.ts).
 */

import { META, readMeta, writeMeta } from '../db/meta'
import type { OutboxOp } from '../db/outbox-types'
import { writePacks } from '../db/packs'
import { type MirrorRow, mirrorOf } from '../db/tables'
import { COLLECTION_NAMES, type CollectionName } from '../domain/collections'
import type { Change } from '../domain/rest'
import { changes } from '../transport/calls'
import { NetworkError } from '../transport/http'
import type { EngineContext, PullResult } from './context'
import { pullAccount } from './pull-account'
import { staleConflicts, withPending } from './rebase'
import { dropDeleted, tellLost } from './settle'
import type { SyncStatus } from './status'

/**
 * A pull's first page is small, so a first sync's list shows rows at once; the rest come in pages as
 * large as the server gives (its MAX_CHANGES_LIMIT). Against pages of 2,000, a first sync of 100,000
 * in Chromium took 15 to 20% less time (fewer transactions, messages and merges into the list index).
 */
export const FIRST_PAGE_SIZE = 1000
export const PULL_PAGE_SIZE = 5000
/**
 * The feed's pages when the engine shares the page's main thread (WebKit: `mainThread` in context.ts).
 * Each page is parsed, stored (its rows cloned into IndexedDB's requests) and merged into the list
 * index in tasks as long as the page, and a key pressed meanwhile waits for them: at 5,000 rows a page,
 * WebKit's keystrokes during a first sync waited 565 ms at the 95th percentile, 5 times Chromium's,
 * whose sync runs in a worker. In a worker, pages stay large (fewer transactions and merges).
 */
export const MAIN_THREAD_PAGE_SIZE = 1000
/**
 * Between two pages' writes: the 20 pages of a 100,000-record download lose a third of a second to it
 * (the 100 of the main thread's smaller pages, 1.6 s, while the list index takes in the page just written).
 */
const SCREENS_GAP_MS = 16

export async function pull(ctx: EngineContext, status?: SyncStatus): Promise<PullResult> {
  const { db } = ctx
  let cursor = await readMeta(db, META.cursor, '0')
  // The feed's first page is asked at once, and one's own account read while it comes: one small read,
  // so My Profile is there at once on a first sign-in instead of after a download of every record. (One
  // after the other, the first sync's first page waited ~100 ms for the account.) Should the account
  // answer that the session is gone or the network is, the page asked is left unread.
  let asked = ask(ctx, cursor, FIRST_PAGE_SIZE)
  const account = await pullAccount(ctx)
  if (account !== 'ok') return account
  // Until a run has read the feed to its end, the mirror is still being filled (a hydrate), even when
  // the first run was cut off after some pages and this one carries on from its cursor.
  let hydrating = !(await readMeta(db, META.hydrated, false))
  let done = 0
  let total: number | null = null
  for (;;) {
    const { answer, error } = await asked
    if (error instanceof NetworkError) return 'offline'
    if (error || !answer) throw error
    if (answer.status === 401) return 'auth'
    if (answer.status === 410) {
      await forgetServerState(ctx)
      // The rows the push settled are gone with the rest: the feed must write them again.
      ctx.settled?.clear()
      cursor = '0'
      hydrating = true
      done = 0
      total = null
      asked = ask(ctx, cursor, FIRST_PAGE_SIZE)
      continue
    }
    if (answer.status !== 200) return 'error'
    const page = answer.body
    // A feed that says "more" without moving on would loop forever: stop and try again later.
    if (page.hasMore && page.cursor === cursor) return 'error'
    // The next page travels (and the server reads it) while this one is written.
    if (page.hasMore) asked = ask(ctx, page.cursor, ctx.mainThread ? MAIN_THREAD_PAGE_SIZE : PULL_PAGE_SIZE)
    await applyPage(ctx, page.changes, page.cursor, hydrating)
    // Then a frame's time before the next write: the screens render the page just written and ask for
    // their rows, and those reads queue ahead of the next write instead of behind all of them. Without
    // it, in Chromium, the list sat on its first page until the whole download was done
    // (tests/e2e/hydrate-progress.test.ts).
    if (page.hasMore) await new Promise((resolve) => setTimeout(resolve, SCREENS_GAP_MS))
    cursor = page.cursor
    done += page.changes.length
    total = page.total ?? total
    if (hydrating) status?.set({ hydrate: { done, total } })
    if (!page.hasMore) break
  }
  if (hydrating) {
    await writeMeta(db, META.hydrated, true)
    status?.set({ hydrate: null })
  }
  // Every row is already there to read (packs.ts). The engine moves the packs into their tables behind
  // the screens, outside the run (`unpackBehind`).
  return 'ok'
}

/** One page of the feed asked for; its failure kept as a value, so a page asked ahead never goes unhandled. */
function ask(ctx: EngineContext, since: string, size: number) {
  return changes(ctx.transport, since, size).then(
    (answer) => ({ answer, error: undefined }),
    (error: unknown) => ({ answer: undefined, error }),
  )
}

/**
 * Writes one page of the feed with its cursor. While hydrating, the rows the
 * table does not hold yet go into packs (packs.ts): one IndexedDB record per
 * 250 rows instead of one per row.
 */
async function applyPage(ctx: EngineContext, page: Change[], cursor: string, hydrating: boolean) {
  const { db } = ctx
  const tables = COLLECTION_NAMES.map((name) => mirrorOf(db, name))
  const lostNames: Array<[CollectionName, string]> = []
  await db.transaction('rw', [...tables, db.outbox, db.meta, db.notices, db.packs], async () => {
    // The outbox is small and the page is large: read the queue once, write rows in bulk.
    const queued = new Map<string, OutboxOp[]>()
    for (const op of await db.outbox.orderBy('seq').toArray()) {
      const key = `${op.collection}:${op.recordId}`
      queued.set(key, [...(queued.get(key) ?? []), op])
    }
    // A first sync's pages have nothing queued and nothing settled: no key is made to look for them.
    const opsOf = (name: CollectionName, id: string) =>
      queued.size === 0 ? NO_OPS : (queued.get(`${name}:${id}`) ?? NO_OPS)
    const settled = ctx.settled?.size ? ctx.settled : undefined
    const grouped = byCollection(page)
    for (const name of COLLECTION_NAMES) {
      const changes = grouped.get(name)
      if (!changes) continue
      const puts: MirrorRow[] = []
      const deletes: string[] = []
      for (const change of changes) {
        const ops = opsOf(name, change.id)
        if (change.deleted || !change.doc) {
          if (ops.length === 0) deletes.push(change.id)
          // Work still to be sent is reported when its push answers 410; work that waits for the
          // user's decision (a conflict, a refusal) never will be sent, so report it now.
          else if (ops.every((op) => op.status === 'conflict' || op.status === 'failed'))
            lostNames.push([name, await dropDeleted(ctx, name, change.id)])
          continue
        }
        const doc = change.doc as MirrorRow
        // Only Dexie's own writes are awaited here: an async helper awaited once per change (thousands a
        // page) loses Dexie's hold on the transaction in Chromium (PrematureCommitError).
        if (ops.length)
          for (const op of staleConflicts(ops, doc))
            await db.outbox.update(op.seq as number, { serverDoc: doc })
        // The echo of this run's own push: the row already holds this version under the queued ops.
        if (settled?.get(`${name}:${change.id}`) === doc.version) continue
        const row = withPending(doc, ops)
        if (row) puts.push(row)
        else deletes.push(change.id)
      }
      const table = mirrorOf(db, name)
      // A first sync's table holds only rows with queued work and those a list page brought: read its ids.
      const inTable = hydrating && puts.length ? new Set(await table.toCollection().primaryKeys()) : undefined
      const packing = inTable ? puts.filter((row) => !inTable.has(row.id)) : []
      const rows = inTable ? puts.filter((row) => inTable.has(row.id)) : puts
      await writePacks(db, name, packing)
      if (rows.length) await table.bulkPut(rows)
      if (deletes.length) await table.bulkDelete(deletes)
    }
    await writeMeta(db, META.cursor, cursor)
  })
  for (const [collection, name] of lostNames) tellLost(ctx, collection, name)
}

const NO_OPS: OutboxOp[] = []

/** A page's changes by collection, in the feed's order within each (an unknown collection's are never asked for). */
function byCollection(page: Change[]) {
  const grouped = new Map<string, Change[]>()
  for (const change of page) {
    const changes = grouped.get(change.collection)
    if (changes) changes.push(change)
    else grouped.set(change.collection, [change])
  }
  return grouped
}

/**
 * Resync: the mirror is rebuilt from the start of the feed. Rows with queued
 * work stay (they are the user's); every other row goes and comes back from
 * the feed if it still exists.
 */
async function forgetServerState(ctx: EngineContext) {
  const { db } = ctx
  const tables = COLLECTION_NAMES.map((name) => mirrorOf(db, name))
  await db.transaction('rw', [...tables, db.outbox, db.meta, db.packs], async () => {
    // Packed rows never have queued work (a write takes a row out of its pack first).
    await db.packs.clear()
    const keep = new Set((await db.outbox.toArray()).map((op) => `${op.collection}:${op.recordId}`))
    for (const name of COLLECTION_NAMES) {
      const table = mirrorOf(db, name)
      const ids = (await table.toCollection().primaryKeys()) as string[]
      await table.bulkDelete(ids.filter((id) => !keep.has(`${name}:${id}`)))
    }
    await writeMeta(db, META.cursor, '0')
    await writeMeta(db, META.hydrated, false)
  })
}
