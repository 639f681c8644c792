/**
 * The open feed streams of this process (GET /api/sync/stream): each signed-in
 * device holds one, and hears "moved" when the change feed moves, then pulls
 * as it always has. A stream carries no record data, only that signal, so
 * the feed and its access rules stay the one way data reaches a device.
 *
 * The stream's text is server-sent events (docs/decisions/012-the-feed-stream.md
 * says why not a WebSocket):
 *
 *     event: ready     once, on opening: pull now (anything may have moved while away)
 *     event: moved     the feed moved since the last signal
 *     event: presence  who has which record open (presence.ts), on opening and at each change
 *     : keep-alive     every heartbeat, so proxies and the server's own idle deadline keep it open
 *
 * A stream ends when its session does: at once when the session is ended in
 * this process (logout, password, deletion), else at the next heartbeat, when
 * every stream's session is looked up in one statement. A device that does not
 * read its stream is cut off once its unread text passes `maxBufferedBytes`,
 * so it holds no more of the server's memory than that.
 */
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { watchSessionChanges } from '../auth/session-cache'
import { liveSessions, type SessionPolicy } from '../auth/sessions'
import { stopWatchingFeed, watchFeed } from '../db/feed-signal'
import type { Db } from '../db/open'
import type { Presence } from './presence'

export interface FeedStreamOptions {
  /** How often a quiet stream says it is alive; shorter than every idle deadline on the way (30 s here). */
  heartbeatMs: number
  /** Unread text a stream may hold on the server before it is cut off. */
  maxBufferedBytes: number
}

export const DEFAULT_FEED_STREAM_OPTIONS: FeedStreamOptions = {
  heartbeatMs: 15_000,
  maxBufferedBytes: 64 * 1024,
}

const READY = 'retry: 2000\nevent: ready\ndata: {}\n\n'
const MOVED = 'event: moved\ndata: {}\n\n'
const KEEP_ALIVE = ': keep-alive\n\n'
/** Changes of who is where within this window are sent once. */
const PRESENCE_COALESCE_MS = 50

interface OpenStream {
  /** What the route answers with (a PassThrough): written here, read by the response. */
  out: Duplex
  socket: Socket | null
  tokenHash: string
  /** Sent "ready": until then it hears nothing else (what moved meanwhile, its pull on ready reads). */
  ready: boolean
}

/** Text sent and not yet taken by the device: in the stream (both of its sides) and the socket. */
const unreadBytes = ({ out, socket }: OpenStream) =>
  out.writableLength + out.readableLength + (socket?.writableLength ?? 0)

export class FeedStreams {
  private readonly open = new Set<OpenStream>()
  private heartbeat: ReturnType<typeof setInterval> | undefined
  private stopWatchingFeed: (() => void) | undefined
  /** Settles once a write through another process reaches this one's streams (feed-signal.ts). */
  private hearing: Promise<void> = Promise.resolve()
  private stopWatchingSessions: (() => void) | undefined
  private stopWatchingPresence: (() => void) | undefined
  private presenceTimer: ReturnType<typeof setTimeout> | undefined
  /** A look at the sessions under way, and whether another was asked for meanwhile. */
  private checking: Promise<void> | undefined
  private checkAgain = false

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionPolicy,
    private readonly presence: Presence,
    private readonly options: FeedStreamOptions = DEFAULT_FEED_STREAM_OPTIONS,
  ) {}

  get size() {
    return this.open.size
  }

  /** Starts sending on `out` (which the route answers with) for the session `tokenHash`. */
  add(out: Duplex, socket: Socket | null, tokenHash: string) {
    const stream: OpenStream = { out, socket, tokenHash, ready: false }
    this.open.add(stream)
    out.once('close', () => this.drop(stream))
    out.once('error', () => this.drop(stream))
    if (this.open.size === 1) this.wake()
    // "Pull now" only once a later write, through any process, is sure to be signalled: a device that
    // pulled before this process listened would miss a write made in between until the next one.
    void this.hearing.then(() => {
      if (!this.open.has(stream)) return
      stream.ready = true
      this.send(stream, READY)
      this.send(stream, this.presenceEvent())
    })
  }

  /** Ends every stream and stops listening (the server is closing). */
  async close() {
    for (const stream of [...this.open]) this.end(stream)
    this.sleep()
    await stopWatchingFeed(this.db)
  }

  /** The first stream opened: listen to the feed and the sessions, and beat. */
  private wake() {
    const feed = watchFeed(this.db, () => this.sendAll(MOVED))
    this.stopWatchingFeed = feed.stop
    this.hearing = feed.hearing
    this.stopWatchingSessions = watchSessionChanges(() => void this.checkSessions())
    this.stopWatchingPresence = this.presence.watch(() => {
      this.presenceTimer ??= setTimeout(() => {
        this.presenceTimer = undefined
        this.sendAll(this.presenceEvent())
      }, PRESENCE_COALESCE_MS)
    })
    this.heartbeat = setInterval(() => {
      this.sendAll(KEEP_ALIVE)
      void this.checkSessions()
    }, this.options.heartbeatMs)
    this.heartbeat.unref()
  }

  /** The last stream closed: nothing to listen for. */
  private sleep() {
    clearInterval(this.heartbeat)
    this.heartbeat = undefined
    this.stopWatchingFeed?.()
    this.stopWatchingFeed = undefined
    this.stopWatchingSessions?.()
    this.stopWatchingSessions = undefined
    this.stopWatchingPresence?.()
    this.stopWatchingPresence = undefined
    clearTimeout(this.presenceTimer)
    this.presenceTimer = undefined
  }

  private drop(stream: OpenStream) {
    if (!this.open.delete(stream)) return
    if (this.open.size === 0) this.sleep()
  }

  private end(stream: OpenStream) {
    this.drop(stream)
    stream.out.end()
  }

  private presenceEvent() {
    return `event: presence\ndata: ${JSON.stringify(this.presence.map())}\n\n`
  }

  private sendAll(text: string) {
    for (const stream of [...this.open]) if (stream.ready) this.send(stream, text)
  }

  /** Writes, unless the device has left too much unread: then it is cut off (it reconnects, and pulls). */
  private send(stream: OpenStream, text: string) {
    const unread = unreadBytes(stream)
    if (unread + text.length > this.options.maxBufferedBytes) {
      this.drop(stream)
      stream.out.destroy()
      stream.socket?.destroy()
      return
    }
    stream.out.write(text)
  }

  /** Ends the streams whose session has ended; one look at a time, and one more if asked meanwhile. */
  private checkSessions(): Promise<void> {
    if (this.checking) {
      this.checkAgain = true
      return this.checking
    }
    this.checking = (async () => {
      do {
        this.checkAgain = false
        const asked = new Set([...this.open].map((stream) => stream.tokenHash))
        const live = await liveSessions(this.db, [...asked], this.sessions).catch(() => null)
        // The database did not answer: keep the streams; the next heartbeat looks again.
        if (!live) break
        // A stream opened meanwhile was not asked about: it is judged next time.
        for (const stream of [...this.open])
          if (asked.has(stream.tokenHash) && !live.has(stream.tokenHash)) this.end(stream)
      } while (this.checkAgain)
    })().finally(() => {
      this.checking = undefined
    })
    return this.checking
  }
}
