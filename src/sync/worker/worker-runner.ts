/**
 * Page side of the sync worker: what the scheduler calls to run the engine.
 * A run is asked of the worker and its answer awaited, so the scheduler's
 * Web Lock is held exactly as long as the worker runs, as when the engine ran
 * here. The worker's status is copied into the page engine's, which the
 * screens read; its notices go to the page's `notify`.
 *
 * Should the worker fail to start or break (an error event), it is dropped
 * and the engine runs on the page, as where there are no workers: a run the
 * lock holder was waiting for runs here instead, and its ops left in flight go
 * back to the queue first (recover), to be sent again under the same opId.
 */
import { announceWritten, ignoreMirrorChangesFrom } from '../../db/mirror-changes'
import type { NoticeLevel } from '../context'
import type { RunResult, SyncEngine } from '../engine'
import type { FromWorker, Port, ToWorker } from './protocol'

/** The part of a `Worker` used here (tests pass a fake). */
export interface WorkerEnd extends Port<FromWorker, ToWorker> {
  onerror: ((event: ErrorEvent) => void) | null
  terminate(): void
}

export class WorkerRunner {
  private worker: WorkerEnd | null
  private nextId = 0
  private readonly waiting = new Map<number, (result: RunResult | Promise<RunResult>) => void>()
  private stopped = false

  constructor(
    worker: WorkerEnd,
    /** The page's engine: its status is the one the screens read, and it runs here if the worker breaks. */
    private readonly engine: SyncEngine,
    private readonly notify: (text: string, level: NoticeLevel) => void,
  ) {
    this.worker = worker
    worker.onmessage = (event) => this.hear(event.data)
    worker.onerror = () => this.fallBack()
    // Its writes reach this page's list indexes from it, with their rows, not over the mirror's channel.
    const tag = crypto.randomUUID()
    ignoreMirrorChangesFrom(tag)
    worker.postMessage({ type: 'open', userId: engine.ctx.userId, tag })
  }

  /** Where the engine runs now (the e2e test and the benchmark check it). */
  get inWorker() {
    return this.worker !== null
  }

  sync(): Promise<RunResult> {
    if (this.stopped) return Promise.resolve('error')
    const worker = this.worker
    if (!worker) return this.engine.sync()
    const id = ++this.nextId
    return new Promise((resolve) => {
      this.waiting.set(id, resolve)
      worker.postMessage({ type: 'sync', id })
    })
  }

  /** Sign-out: the worker goes with its database connection; a run awaited ends, so the lock is let go. */
  stop() {
    this.stopped = true
    this.worker?.terminate()
    this.worker = null
    for (const resolve of this.waiting.values()) resolve('error')
    this.waiting.clear()
  }

  private hear(message: FromWorker) {
    if (message.type === 'ran') {
      this.waiting.get(message.id)?.(message.result)
      this.waiting.delete(message.id)
    } else if (message.type === 'status') this.engine.status.set(message.state)
    else if (message.type === 'wrote')
      announceWritten(this.engine.ctx.db.name, message.changes, message.written)
    else this.notify(message.text, message.level)
  }

  private fallBack() {
    this.worker?.terminate()
    this.worker = null
    if (this.stopped) return
    for (const resolve of this.waiting.values()) resolve(this.engine.sync())
    this.waiting.clear()
  }
}
