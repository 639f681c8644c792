/** What every part of the engine needs, passed in so tests can swap the clock, the randomness and the network. */

import type { OutpostDb } from '../db/database'
import type { OutboxOp } from '../db/outbox-types'
import type { Transport } from '../transport/http'

export type NoticeLevel = 'danger' | 'warning' | 'info' | 'success'

/** How a pull (of the change feed, or of one's own account) ended. */
export type PullResult = 'ok' | 'offline' | 'auth' | 'error'

export interface EngineContext {
  db: OutpostDb
  transport: Transport
  userId: string
  now: () => number
  random: () => number
  /** Tell the user something (the app shows it as a notification, bottom right). */
  notify: (text: string, level: NoticeLevel) => void
  /** Told of every op the server has taken for good (tests count them; the app may show "saved"). */
  onLanded?: (op: OutboxOp) => void
  /**
   * `collection:id` → the version this run's push wrote into the mirror. The
   * pull that follows skips those docs when the feed brings the same version
   * back (the echo), rather than write and index each row a second time.
   */
  settled?: Map<string, number>
  /**
   * The engine shares the page's main thread (WebKit, where the sync does not run in a worker: src/db/page-sleep.ts):
   * the feed is then read in smaller pages, each a shorter task (pull.ts, `MAIN_THREAD_PAGE_SIZE`).
   */
  mainThread?: boolean
}
