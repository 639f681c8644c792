/**
 * Who has which record open right now, for the edit screen's "Grace Hopper is
 * also viewing this contact." Each open screen (a tab) says so with PUT
 * /api/sync/presence, again every 25 s while it stays, and `null` when it
 * leaves; a word not repeated within `ttlMs` lapses, so a closed laptop
 * lets go by itself. What streams are told is only the names per record
 * (feed-streams.ts sends it as `event: presence`): nothing more about anyone.
 *
 * Kept in memory per process. Several processes on one PostgreSQL tell one
 * another each change over NOTIFY, so a stream hears about screens open
 * through any process.
 */
import { PROCESS_TOKEN } from '../db/feed-signal'

export const PRESENCE_CHANNEL = 'outpost_presence'

export interface PresenceOptions {
  /** A screen's word lapses this long after it was said. */
  ttlMs: number
  /** Open screens one session may hold (tabs), and all of them: what a flood can make the server keep. */
  perSession: number
  most: number
}

export const DEFAULT_PRESENCE_OPTIONS: PresenceOptions = { ttlMs: 60_000, perSession: 20, most: 20_000 }

/** One open screen: whose, and which record (`contacts:<id>`); `key` is its session and tab. */
export interface Viewer {
  key: string
  session: string
  userId: string
  name: string
  record: string
  until: number
}

/** The names on each record, as streams send it: `{ "contacts:<id>": [{ id, name }] }`. */
export type PresenceMap = Record<string, { id: string; name: string }[]>

/** A change as one process tells the others. */
interface Said {
  from: string
  viewer: Omit<Viewer, 'until'> & { ttlMs: number }
  gone: boolean
}

export class Presence {
  private readonly viewers = new Map<string, Viewer>()
  private readonly watchers = new Set<() => void>()
  private sweeper: ReturnType<typeof setInterval> | undefined

  constructor(
    /** Tells the other processes (NOTIFY); nothing to do on PGlite. */
    private readonly tellOthers: (payload: string) => void,
    private readonly options: PresenceOptions = DEFAULT_PRESENCE_OPTIONS,
  ) {}

  /** Hears every change of who is where; answers how to stop. */
  watch(watcher: () => void) {
    this.watchers.add(watcher)
    return () => this.watchers.delete(watcher)
  }

  /** A screen of `session` (tab `tab`) has `record` open, or (null) none. False: one session holds too many. */
  say(who: Omit<Viewer, 'key' | 'record' | 'until'>, tab: string, record: string | null): boolean {
    const key = `${who.session}:${tab}`
    if (record === null) {
      const gone = this.viewers.get(key)
      if (gone) this.apply({ ...gone, ttlMs: 0 }, true, true)
      return true
    }
    if (!this.viewers.has(key) && this.countOf(who.session) >= this.options.perSession) return false
    this.apply({ ...who, key, record, ttlMs: this.options.ttlMs }, false, true)
    return true
  }

  /** What another process said (PRESENCE_CHANNEL); its own words come back too, and are skipped. */
  heard(payload: string) {
    let said: Said
    try {
      said = JSON.parse(payload) as Said
    } catch {
      return
    }
    if (said.from === PROCESS_TOKEN || !said.viewer?.key) return
    this.apply(said.viewer, said.gone, false)
  }

  /** Every record someone has open, with their names. */
  map(): PresenceMap {
    const now = Date.now()
    const map: PresenceMap = {}
    for (const viewer of this.viewers.values()) {
      if (viewer.until <= now) continue
      const names = map[viewer.record] ?? []
      map[viewer.record] = names
      if (!names.some((name) => name.id === viewer.userId))
        names.push({ id: viewer.userId, name: viewer.name })
    }
    return map
  }

  close() {
    clearInterval(this.sweeper)
    this.viewers.clear()
    this.watchers.clear()
  }

  private apply(viewer: Omit<Viewer, 'until'> & { ttlMs: number }, gone: boolean, ours: boolean) {
    const { ttlMs, ...kept } = viewer
    const before = this.viewers.get(viewer.key)
    if (gone) this.viewers.delete(viewer.key)
    else if (before || this.viewers.size < this.options.most)
      this.viewers.set(viewer.key, { ...kept, until: Date.now() + ttlMs })
    if (ours) this.tellOthers(JSON.stringify({ from: PROCESS_TOKEN, viewer, gone } satisfies Said))
    // A word repeated (the 25 s refresh) changes nobody's screen.
    if (gone ? before !== undefined : before?.record !== viewer.record) this.changed()
    this.sweepLater()
  }

  private countOf(session: string) {
    let count = 0
    for (const viewer of this.viewers.values()) if (viewer.session === session) count++
    return count
  }

  private changed() {
    for (const watcher of this.watchers) watcher()
  }

  /** Lapsed words go within a few seconds of lapsing, and the streams hear who left. */
  private sweepLater() {
    if (this.sweeper) return
    this.sweeper = setInterval(
      () => {
        const now = Date.now()
        let lapsed = false
        for (const [key, viewer] of this.viewers)
          if (viewer.until <= now) {
            this.viewers.delete(key)
            lapsed = true
          }
        if (lapsed) this.changed()
        if (this.viewers.size === 0) {
          clearInterval(this.sweeper)
          this.sweeper = undefined
        }
      },
      Math.min(5_000, this.options.ttlMs),
    )
    this.sweeper.unref()
  }
}
