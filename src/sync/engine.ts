/**
 * One sync run: push the outbox, then pull the change feed (push first, so the
 * pull never overwrites an edit that has not been sent). Runs never overlap.
 * The engine knows nothing of React or the DOM: the page, a worker and the
 * Node tests drive it alike.
 */

import type { OutpostDb } from '../db/database'
import { META, readMeta, writeMeta } from '../db/meta'
import type { OutboxOp } from '../db/outbox-types'
import { unpackBehind } from '../db/packs'
import { isQuotaError } from '../db/quota'
import type { CollectionName } from '../domain/collections'
import type { Transport } from '../transport/http'
import type { EngineContext, NoticeLevel } from './context'
import { type ListPageQuery, refreshListPage } from './list-page'
import { pull } from './pull'
import { push } from './push'
import { type SyncState, SyncStatus } from './status'

export interface EngineOptions {
  db: OutpostDb
  transport: Transport
  userId: string
  now?: () => number
  random?: () => number
  notify?: (text: string, level: NoticeLevel) => void
  onLanded?: (op: OutboxOp) => void
  /** The engine runs on the page's main thread (`EngineContext.mainThread`). */
  mainThread?: boolean
}

export type RunResult = 'ok' | 'offline' | 'auth' | 'error'

const OUT_OF_STORAGE =
  'This device is out of storage space, so changes from the server cannot be saved here. Free some space; your own unsent changes are kept.'

export class SyncEngine {
  readonly status = new SyncStatus()
  readonly ctx: EngineContext
  private running: Promise<RunResult> | null = null
  private again = false

  constructor(options: EngineOptions) {
    this.ctx = {
      db: options.db,
      transport: options.transport,
      userId: options.userId,
      now: options.now ?? Date.now,
      random: options.random ?? Math.random,
      notify: options.notify ?? (() => {}),
      onLanded: options.onLanded,
      mainThread: options.mainThread,
    }
  }

  /** Ops left in flight by a tab that died mid-request go back to the queue; their opId makes a resend safe. */
  async recover() {
    await this.ctx.db.outbox.where('status').equals('inflight').modify({ status: 'pending' })
  }

  /** Start a run, or, if one is under way, make sure another follows it. */
  sync(): Promise<RunResult> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = this.loop().finally(() => {
      this.running = null
    })
    return this.running
  }

  private async loop(): Promise<RunResult> {
    let result: RunResult
    do {
      this.again = false
      result = await this.runOnce()
    } while (this.again && result === 'ok')
    return result
  }

  /**
   * The first download's progress while the mirror is still filling (its first sync not yet done), so
   * every report says so from the start; null once it is full.
   */
  async filling(): Promise<SyncState['hydrate']> {
    if (await readMeta(this.ctx.db, META.hydrated, false)) return null
    return this.status.get().hydrate ?? { done: 0, total: null }
  }

  private async runOnce(): Promise<RunResult> {
    // Echoes are known only within one run: a later run's pull writes whatever the feed brings.
    this.ctx.settled = new Map()
    try {
      // A mirror still filling is said so from the run's first report on. The worker's reports replace
      // its page's whole state: one saying "syncing" without it made a list show the rows so far as the
      // total until the first page of the feed came in (tests/e2e/hydrate-progress.test.ts).
      this.status.set({ activity: 'syncing', hydrate: await this.filling() })
      // Ops left in flight by a run that died (a closed tab, a throw) go back to the queue first.
      // Only the lock holder runs, so none of them is being sent right now.
      await this.recover()
      const pushed = await push(this.ctx)
      const result = pushed === 'ok' ? await pull(this.ctx, this.status) : pushed
      this.finish(result)
      if (result === 'ok') {
        await writeMeta(this.ctx.db, META.lastSyncAt, this.ctx.now())
        this.unpack()
      }
      return result
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      this.status.set({ activity: 'idle', lastError: message })
      if (isQuotaError(error)) this.ctx.notify(OUT_OF_STORAGE, 'danger')
      return 'error'
    }
  }

  /**
   * A first sync's rows wait in packs until moved into their tables (src/db/packs.ts), 12-13 s at
   * 100,000 in Chromium. That goes on after the run, not in it: runs never overlap, so a change saved
   * meanwhile would wait for the move before being sent. Running out of storage there is told as in
   * a run; the rows stay readable in their packs, and the next run tries again.
   */
  private unpack() {
    unpackBehind(this.ctx.db).catch((error: unknown) => {
      if (isQuotaError(error)) this.ctx.notify(OUT_OF_STORAGE, 'danger')
    })
  }

  private finish(result: RunResult) {
    if (result === 'ok') this.status.set({ activity: 'idle', lastSyncAt: this.ctx.now(), lastError: null })
    else if (result === 'offline') this.status.set({ activity: 'offline' })
    else if (result === 'auth') this.status.set({ activity: 'signed-out' })
    else this.status.set({ activity: 'idle', lastError: 'The server could not be read.' })
  }

  /** Ask the server for a list screen's page; answers its totalDocs, or null when it could not. */
  refreshPage(collection: CollectionName, query: ListPageQuery) {
    return refreshListPage(this.ctx, collection, query).catch(() => null)
  }

  /** Epoch ms of the next queued retry, if any op waits on a backoff timer. */
  async nextRetryAt(): Promise<number | null> {
    const waiting = await this.ctx.db.outbox.where('status').equals('pending').toArray()
    const times = waiting.map((op) => op.nextAttemptAt).filter((at) => at > this.ctx.now())
    return times.length ? Math.min(...times) : null
  }
}
