/**
 * Everything a signed-in session needs, built once per user: that user's
 * database, the engine with the real network, the scheduler, and the write
 * context the screens' stores use.
 */

import { afterNextPaint } from '../db/after-paint'
import { databaseName, OutpostDb } from '../db/database'
import { dropMirrorIndexes } from '../db/mirror-index'
import { onPageSleep, pageWorkersAllowed } from '../db/page-sleep'
import { isLocked, subscribeLock } from '../session/lock'
import { askToKeepData } from '../session/persistent-storage'
import { type SessionUser, signOut } from '../session/sign-in'
import { readEventStream } from '../transport/event-stream'
import { fetchTransport } from '../transport/http'
import { requestBackgroundSync } from './background-sync'
import type { NoticeLevel } from './context'
import { SyncEngine } from './engine'
import { FeedListener } from './feed-listener'
import { type HistoryCalls, historyCalls } from './history-calls'
import { type MergeCalls, mergeCalls } from './merge-calls'
import { type Mutators, mutators } from './mutators'
import { PresenceBoard } from './presence-board'
import { SyncScheduler } from './scheduler'
import { sessionGate } from './session-gate'
import { type TrashCalls, trashCalls } from './trash-calls'
import { type UserCalls, userCalls } from './user-calls'
import { WorkerRunner } from './worker/worker-runner'

export interface SyncRuntime {
  user: SessionUser
  db: OutpostDb
  engine: SyncEngine
  /**
   * Starts the sync (the worker, the scheduler and its first run) just after the next frame is painted:
   * the signed-in layout calls it once its screen is shown. Calling it again does nothing.
   */
  startSync: () => void
  /** Signs out here and on the server (best effort); the transport stays inside the sync layer. */
  signOut: () => Promise<void>
  /** Staff administration and one's own account: server calls, not mirrored (src/sync/user-calls.ts). */
  users: UserCalls
  /** The Trash (Admins): deleted records and their restore, from the server (src/sync/trash-calls.ts). */
  trash: TrashCalls
  /** Records' history, read from the server into the device (src/sync/history-calls.ts). */
  history: HistoryCalls
  /** Two records merged into one (Admins, src/sync/merge-calls.ts). */
  merge: MergeCalls
  /** Every local write a screen makes goes through this one door (src/sync/mutators.ts). */
  mutate: Mutators
  /** Who else has a record open, and this tab's word about its own (src/sync/presence-board.ts). */
  presence: PresenceBoard
  stop: () => void
}

/** Three of the server's 15 s heartbeats missed: the connection is gone, whatever the browser thinks. */
const STREAM_SILENCE_MS = 45_000

export function startRuntime(
  user: SessionUser,
  notify: (text: string, level: NoticeLevel) => void,
): SyncRuntime {
  const db = new OutpostDb(databaseName(user.id))
  const transport = fetchTransport()
  // Every call but logging out waits for a session opened offline to be confirmed (session-gate.ts).
  const gate = sessionGate(user, transport)
  // The page's engine runs on the main thread whenever it runs (WebKit, no workers, or a worker that failed).
  const engine = new SyncEngine({ db, transport: gate.transport, userId: user.id, notify, mainThread: true })
  // A device still filling its mirror says so from its first screen, before the sync's first report:
  // the lists then show the download's progress, never a total that is still growing.
  const before = engine.status.get()
  void engine.filling().then((hydrate) => {
    if (hydrate && engine.status.get() === before) engine.status.set({ hydrate })
  })
  const presence = new PresenceBoard(user.id, gate.transport)
  let worker: WorkerRunner | null = null
  let scheduler: SyncScheduler | null = null
  let cancelStart: (() => void) | null = null
  let started = false
  const startSync = () => {
    if (started) return
    started = true
    // A frame after the screen is shown: the worker's start and the first run's messages then never
    // compete with the screen's first render (which Lighthouse counts), and the run waits a frame at most.
    cancelStart = afterNextPaint(() => {
      // The replay and the pull run in the sync worker, so typing never waits on them; the page's engine
      // keeps the status the screens read and the calls they make (refreshPage, discard). No workers
      // (jsdom), or none that can be stopped safely (WebKit, page-sleep.ts): here.
      worker = pageWorkersAllowed() ? new WorkerRunner(startSyncWorker(), engine, notify) : null
      // The feed stream says when a colleague's change is there to pull (feed-listener.ts).
      const feed = new FeedListener({
        userId: user.id,
        open: (onEvent, signal) =>
          readEventStream('/api/sync/stream', { onEvent, signal, silenceMs: STREAM_SILENCE_MS }),
        onMoved: () => void scheduler?.run(),
        onPresence: (data) => presence.heard(data),
        onClosed: () => presence.lost(),
        sessionReady: gate.confirmed,
      })
      scheduler = new SyncScheduler(engine, gate.runner(worker ?? engine, engine.status), feed)
      scheduler.start()
      // Asked again at each start: granted by Chromium once the app is installed or much used (docs/sync.md).
      void askToKeepData()
    })
  }
  const stopSync = () => {
    cancelStart?.()
    scheduler?.stop()
    worker?.stop()
    scheduler = worker = null
  }
  // A worker frozen with the page in the back/forward cache would hold its database transaction for
  // ever (src/db/page-sleep.ts): it goes with the page, and a new one starts if the page comes back.
  const stopOnSleep = onPageSleep(
    () => {
      if (started) stopSync()
    },
    () => {
      if (started) {
        started = false
        startSync()
      }
    },
  )
  // Unlocking may have renewed a session opened offline (session-gate.ts): sync at once, not at the next minute.
  const stopFollowingLock = subscribeLock(() => {
    if (!isLocked(user.id)) void scheduler?.run()
  })
  const users = userCalls(gate.transport)
  return {
    user,
    db,
    engine,
    startSync,
    signOut: () => signOut({ transport }),
    users,
    // The restored record comes back through the change feed: ask for it now, not at the next minute.
    trash: trashCalls(gate.transport, () => void scheduler?.run()),
    history: historyCalls(gate.transport, db),
    // As a restore: what the merge changed comes back through the change feed, asked for now.
    merge: mergeCalls(gate.transport, () => void scheduler?.run()),
    mutate: mutators({
      writes: { db, userId: user.id },
      users,
      // Sync-issues' Discard (src/sync/resolve.ts), loaded with its first use: it is not the first
      // screen's JavaScript (tests/e2e/budgets.test.ts), nor the service worker's, which runs the engine.
      discard: (op) => import('./resolve').then(({ discardChange }) => discardChange(engine.ctx, op)),
      // Sent by this tab shortly; should the tab close first, the service worker sends it (Background Sync).
      // (Before the sync has started, its first run sends the write.)
      afterWrite: () => {
        scheduler?.kick()
        void requestBackgroundSync(user.id)
      },
    }),
    presence,
    stop: () => {
      presence.stop()
      stopFollowingLock()
      stopOnSleep()
      stopSync()
      dropMirrorIndexes(db)
      db.close()
    },
  }
}

const startSyncWorker = () =>
  new Worker(new URL('./worker/sync-worker.ts', import.meta.url), { type: 'module', name: 'outpost-sync' })
