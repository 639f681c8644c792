/**
 * Who else has a record open right now, for the edit screen, and this tab's
 * own word to the server about the record it has open (PUT /api/sync/presence,
 * server/realtime/presence.ts).
 *
 * The names arrive on the feed stream, which one tab per device holds
 * (feed-listener.ts): that tab passes each `presence` event to the others over
 * a BroadcastChannel, and answers a tab that opens and asks. A tab's word is
 * said again every 25 s while its screen stays (the server forgets it after
 * 60 s), and taken back when the screen closes. Offline nothing is said, and
 * nobody is shown: the names would be stale.
 */
import type { Transport } from '../transport/http'

/** The server forgets a word after 60 s: said again well before. */
const SAY_AGAIN_MS = 25_000

type Board = Record<string, { id: string; name: string }[]>
type Talk = { kind: 'board'; board: Board } | { kind: 'ask' }

const NOBODY: readonly string[] = Object.freeze([])

export class PresenceBoard {
  private board: Board = {}
  private readonly listeners = new Set<() => void>()
  private readonly named = new Map<string, readonly string[]>()
  private readonly channel: BroadcastChannel | null
  private readonly tab = crypto.randomUUID()
  private record: string | null = null
  private again: ReturnType<typeof setInterval> | undefined

  constructor(
    private readonly userId: string,
    private readonly transport: Transport,
  ) {
    this.channel =
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`outpost-presence-${userId}`)
    if (this.channel) {
      this.channel.onmessage = ({ data }: MessageEvent<Talk>) => {
        if (data.kind === 'board') this.take(data.board)
        // Only the tab holding the stream has heard anything to tell.
        else if (this.holdsStream)
          this.channel?.postMessage({ kind: 'board', board: this.board } satisfies Talk)
      }
      this.channel.postMessage({ kind: 'ask' } satisfies Talk)
    }
  }

  /**
   * Whether this tab holds the device's feed stream, and so answers the others' asks. Known from its
   * first `presence` event: the tab holding the stream keeps its Web Lock until it closes
   * (feed-listener.ts), reconnecting the stream as it must.
   */
  private holdsStream = false

  /** A `presence` event's data, as the stream gave it: kept here and passed to the other tabs. */
  heard(data: string) {
    let board: Board
    try {
      board = JSON.parse(data) as Board
    } catch {
      return
    }
    this.holdsStream = true
    this.take(board)
    this.channel?.postMessage({ kind: 'board', board } satisfies Talk)
  }

  /** The stream is down: what it said may no longer hold. */
  lost() {
    this.take({})
  }

  /** The names of the others with `record` (`contacts:<id>`) open; the same array while they stay. */
  othersOn = (record: string): readonly string[] => {
    const known = this.named.get(record)
    if (known) return known
    const names = (this.board[record] ?? [])
      .filter((user) => user.id !== this.userId)
      .map((user) => user.name)
    const kept = names.length ? names : NOBODY
    this.named.set(record, kept)
    return kept
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  /** This tab now has `record` open, or (null) none. */
  viewing(record: string | null) {
    if (record === this.record) return
    this.record = record
    clearInterval(this.again)
    void this.say(record)
    if (record) this.again = setInterval(() => void this.say(record), SAY_AGAIN_MS)
  }

  stop() {
    this.viewing(null)
    this.channel?.close()
    this.listeners.clear()
  }

  private async say(record: string | null) {
    // Offline, or the server did not take it: the next word (25 s) or the next screen says it again.
    await this.transport({ method: 'PUT', path: 'sync/presence', body: { tab: this.tab, record } }).catch(
      () => {},
    )
  }

  private take(board: Board) {
    this.board = board
    this.named.clear()
    for (const listener of this.listeners) listener()
  }
}
