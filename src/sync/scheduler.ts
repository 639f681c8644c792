/**
 * When to sync, in the browser: when the network comes back, when the app is
 * shown again, shortly after a write, when a backed-off retry falls due, when
 * the feed stream says the server's feed moved (feed-listener.ts), and every
 * minute while visible and no stream is open. Only one tab at a time replays (a Web Lock); a
 * tab that finds the lock taken asks the holder to run again over a
 * BroadcastChannel, so no write waits for the next timer. The holder answers
 * each ask; a lock no one answers for is held by a page that is gone (Firefox
 * can keep one granted to a page it unloaded, for as long as it runs), and is
 * taken over (`lock-holder.ts`).
 *
 * The run itself may happen elsewhere: `runner` is the page's engine, or the
 * sync worker that runs it off the main thread (worker/worker-runner.ts). The
 * lock is held here, around the runner's whole run, either way.
 */
import { syncLockName } from './background-sync'
import type { RunResult, SyncEngine } from './engine'
import type { FeedListener } from './feed-listener'
import { HolderWatch, type LockTalk } from './lock-holder'

/** What runs one sync: the engine itself, or the worker that holds it. */
export interface SyncRunner {
  sync(): Promise<RunResult>
}

/**
 * A save is one click, not a keystroke (typing is kept as a draft, not queued): the wait only gathers
 * the writes one act makes together into one run. Longer, and a colleague waits for it (BENCHMARKS.md,
 * "Feed stream"; where Background Sync sends first, Chromium hides it).
 */
const WRITE_DEBOUNCE_MS = 50
const PERIODIC_MS = 60_000
/** After a run that found no server: the first retry, doubled after each one that finds none either. */
const UNREACHABLE_RETRY_MS = 2_000

export class SyncScheduler {
  private timers: ReturnType<typeof setTimeout>[] = []
  private channel: BroadcastChannel | null = null
  private stopped = false
  private holding = false
  /** Asked to run while this tab was running: once more when that run ends, for what it may have missed. */
  private runAgain = false
  private readonly holder = new HolderWatch()
  private readonly lockName: string

  constructor(
    private readonly engine: SyncEngine,
    private readonly runner: SyncRunner = engine,
    private readonly feed?: FeedListener,
  ) {
    this.lockName = syncLockName(engine.ctx.userId)
  }

  start() {
    window.addEventListener('online', this.onSignal)
    document.addEventListener('visibilitychange', this.onVisible)
    if (typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(this.lockName)
      this.channel.onmessage = ({ data }: MessageEvent<LockTalk>) => {
        if (data === 'here') return this.holder.answered()
        // Only the tab replaying acts on a kick, and says it is there; the others would just bounce it back.
        if (!this.holding) return
        this.channel?.postMessage('here' satisfies LockTalk)
        void this.runner.sync()
      }
    }
    // The stream tells this tab when to pull; the minute's pull is for when no stream is open here.
    this.timers.push(
      setInterval(
        () => document.visibilityState === 'visible' && !this.feed?.connected && this.run(),
        PERIODIC_MS,
      ),
    )
    this.feed?.start()
    void this.run()
  }

  stop() {
    this.stopped = true
    this.feed?.stop()
    window.removeEventListener('online', this.onSignal)
    document.removeEventListener('visibilitychange', this.onVisible)
    this.channel?.close()
    for (const timer of this.timers) clearTimeout(timer)
    clearTimeout(this.writeTimer)
    clearTimeout(this.retryTimer)
  }

  /** Call after a local write: the change goes up as soon as the user pauses. */
  private writeTimer: ReturnType<typeof setTimeout> | undefined
  kick = () => {
    clearTimeout(this.writeTimer)
    this.writeTimer = setTimeout(() => void this.run(), WRITE_DEBOUNCE_MS)
  }

  private onSignal = () => void this.run()
  private onVisible = () => document.visibilityState === 'visible' && void this.run()

  /** After sign-out the database is closed under a run still going: that error is expected, not news. */
  private unlessStopped = (error: unknown) => {
    // A lock taken over from this tab (it was thought gone) ends its request so: the run itself goes on.
    if (error instanceof DOMException && error.name === 'AbortError') return
    if (!this.stopped) console.error('Sync failed:', error)
  }

  run(): Promise<void> {
    return this.runLocked().catch(this.unlessStopped)
  }

  private async runLocked() {
    if (this.stopped) return
    if (this.holding) {
      this.runAgain = true
      return
    }
    // The browser knows it has no network: trying would only fail (and log) until 'online' fires.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      this.engine.status.set({ activity: 'offline' })
      return
    }
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
    if (!locks) return this.afterRun(await this.runner.sync())
    const options = this.holder.gone() ? { steal: true } : { ifAvailable: true }
    await locks.request(this.lockName, options, async (lock) => {
      if (!lock) {
        this.holder.asked()
        this.channel?.postMessage('kick' satisfies LockTalk)
        // In case the holder was just finishing: try again shortly.
        this.timers.push(setTimeout(() => void this.run(), 2000))
        return
      }
      this.holder.answered()
      this.holding = true
      try {
        do {
          this.runAgain = false
          this.afterRun(await this.runner.sync())
        } while (this.runAgain && !this.stopped)
      } finally {
        this.holding = false
      }
    })
  }

  /** The one retry waiting (a backed-off op falling due, or the server sought again); a new one replaces it. */
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  private unreachableRetryMs = UNREACHABLE_RETRY_MS

  private retryIn(ms: number) {
    clearTimeout(this.retryTimer)
    this.retryTimer = setTimeout(() => void this.run(), Math.max(0, ms))
  }

  private async afterRun(result: string) {
    if (result === 'offline') {
      // The browser says it is online, yet the server did not answer: it may be restarting, or the
      // network came back without an 'online' event. Look again soon, then less often, rather than
      // showing 'Offline' until the minute's run.
      this.retryIn(this.unreachableRetryMs)
      this.unreachableRetryMs = Math.min(this.unreachableRetryMs * 2, PERIODIC_MS)
      return
    }
    this.unreachableRetryMs = UNREACHABLE_RETRY_MS
    if (result !== 'ok') return
    const at = await this.engine.nextRetryAt()
    if (at !== null) this.retryIn(at - Date.now())
  }
}
