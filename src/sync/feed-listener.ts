/**
 * Holds the device's one feed stream (GET /api/sync/stream, docs/decisions/012-the-feed-stream.md)
 * and asks for a sync whenever it says the feed moved, so a colleague's change
 * arrives within a second instead of at the next minute's pull.
 *
 * One stream per device, not per tab: the tab holding a Web Lock of its own
 * holds the stream; the others wait for the lock and take over when that tab
 * goes. A stream that drops is opened again, a second later at first, then
 * less often (up to 30 s, with jitter so a restarted server is not met by
 * every device at once). While no stream is open, the scheduler's timer pulls
 * as it always did (`connected`).
 */
import type { StreamEnd } from '../transport/event-stream'

/** Opens the stream once and reads it until it ends (transport/event-stream.ts). */
export type OpenStream = (
  onEvent: (name: string, data: string) => void,
  signal: AbortSignal,
) => Promise<StreamEnd>

export interface FeedListenerOptions {
  userId: string
  open: OpenStream
  /** The feed moved (or the stream just opened, and it may have): pull. */
  onMoved: () => void
  /** Who has which record open, as the server says it (`presence` events' data). */
  onPresence?: (data: string) => void
  /** A stream that was open closed: what it said may no longer hold. */
  onClosed?: () => void
  /** Whether the session is confirmed (session-gate.ts): nothing opens before. */
  sessionReady: () => Promise<boolean>
  /** The wait before the first retry; doubled after each failure. */
  firstRetryMs?: number
  /** The longest wait between tries. */
  mostRetryMs?: number
}

const FIRST_RETRY_MS = 1_000
const MOST_RETRY_MS = 30_000

export const streamLockName = (userId: string) => `outpost-stream-${userId}`

export class FeedListener {
  private readonly stopping = new AbortController()
  private open = false
  /** How many times a stream was opened (tests and the benchmark read it). */
  opened = 0

  constructor(private readonly options: FeedListenerOptions) {}

  /** Whether a stream is open now: the scheduler's timer then has nothing to add. */
  get connected() {
    return this.open
  }

  start() {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
    if (!locks) {
      void this.hold()
      return
    }
    // Held until stop(): a tab that closes lets go, and the next one waiting takes over.
    locks
      .request(streamLockName(this.options.userId), { signal: this.stopping.signal }, () => this.hold())
      .catch(() => {})
  }

  stop() {
    this.stopping.abort()
  }

  /** Opens, reads, and opens again, until stopped. */
  private async hold() {
    const first = this.options.firstRetryMs ?? FIRST_RETRY_MS
    const most = this.options.mostRetryMs ?? MOST_RETRY_MS
    let waitMs = first
    while (!this.stopping.signal.aborted) {
      if (await this.options.sessionReady()) {
        const end = await this.read()
        if (this.stopping.signal.aborted) return
        // A refusal (401: the session ended) is the sync's to find and say: one run, then a long wait.
        if (end === 'refused') {
          this.options.onMoved()
          waitMs = most
        } else if (end === 'heard') waitMs = first
      }
      await this.pause(jitter(waitMs))
      waitMs = Math.min(waitMs * 2, most)
    }
  }

  /** One stream, read until it ends: 'heard' if it opened, 'refused' or 'failed' if not. */
  private async read(): Promise<'heard' | 'refused' | 'failed'> {
    let heard = false
    try {
      const end = await this.options.open((name, data) => {
        if (name === 'ready') {
          heard = true
          this.open = true
          this.opened++
        }
        if (name === 'ready' || name === 'moved') this.options.onMoved()
        else if (name === 'presence') this.options.onPresence?.(data)
      }, this.stopping.signal)
      if (end.kind === 'refused') return 'refused'
    } catch {
      // The network failed or fell silent: tried again below.
    } finally {
      this.open = false
      if (heard) this.options.onClosed?.()
    }
    return heard ? 'heard' : 'failed'
  }

  /** Waits `ms`, or less: until stopped, or the browser says the network is back. */
  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.stopping.signal.removeEventListener('abort', done)
        if (typeof window !== 'undefined') window.removeEventListener('online', done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      this.stopping.signal.addEventListener('abort', done)
      if (typeof window !== 'undefined') window.addEventListener('online', done)
    })
  }
}

/** ±25 %, so devices cut off together do not come back together. */
const jitter = (ms: number) => Math.round(ms * (0.75 + Math.random() * 0.5))
