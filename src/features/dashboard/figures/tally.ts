/**
 * What the dashboard's figures are made from, in memory: per record only the
 * few things a figure needs (its name, when it was added and edited, the
 * values of the fields defined `figure: 'by'`, a contact's department and
 * company, and whether a catalog item has an image), with the records per
 * value of each such field kept counted as rows come and go.
 *
 * Why not a live query over the tables: grouping 100,000 contacts that way
 * reads and clones every row again after each change, seconds of a frozen
 * screen. Here the tables are read once, in chunks (the screen stays free
 * between them), and afterwards only the rows a committed change names are
 * read again (mirror-changes.ts, which also hears the user's other tabs).
 */
import { BuiltStore } from '../../../db/built-store'
import type { OutpostDb } from '../../../db/database'
import { type MirrorChanges, onMirrorChanges, type Written } from '../../../db/mirror-changes'
import { readWholeTable } from '../../../db/packs'
import { type MirrorRow, mirrorOf } from '../../../db/tables'
import { type CollectionName, collections, perCollection } from '../../../domain/collections'
import { fieldsWith } from '../../../domain/fields'

export interface Slim {
  collection: CollectionName
  id: string
  name: string
  /** Milliseconds since the epoch; NaN when the row has no valid stamp. */
  created: number
  updated: number
  /**
   * Its value of each field it is counted by (`COUNTED_BY`): a text as it is ('' when none), a relation
   * as the id it names (none when it names none: not counted).
   */
  by?: Record<string, string>
  /** Catalog items only. */
  hasImage?: boolean
}

export const COLLECTIONS = Object.keys(collections) as CollectionName[]

/**
 * The fields each collection's records are counted by, those its definition gives `figure: 'by'`, and
 * whether each is a relation (looked up once here, not for each of 100,000 rows).
 */
const COUNTED_BY = perCollection((name) => {
  const { fields } = collections[name]
  return fieldsWith(fields, 'figure').map((field) => ({
    field,
    relation: fields[field]?.widget === 'relation',
  }))
})

/** What a record is counted under for one field (see `Slim.by`); undefined: not counted. */
function countedValue(relation: boolean, value: unknown): string | undefined {
  if (relation) {
    // As the mirror keeps a relation: { relationTo, value }.
    const id = (value as { value?: unknown } | null | undefined)?.value
    return typeof id === 'string' && id ? id : undefined
  }
  return typeof value === 'string' ? value : ''
}

/** See `changed`. */
const NOTIFY_EVERY_MS = 250
/**
 * A change naming this many rows (a page of a first sync, 1,000 to 5,000) is not read again at once,
 * thousands of point reads a page beside the download, but once such changes pause for `BULK_QUIET_MS`
 * (`countWhenQuiet`). With the dashboard open, the first sync of 100,000 took 8.5 s instead of 5.7.
 */
const BULK = 500
const BULK_QUIET_MS = 1_000

/**
 * Rows per read while building, in the page: each read and its cloning stay
 * well under a frame's worth of work. A worker has no frames to keep and reads more at once.
 */
const PAGE_CHUNK = 2_000

function slimOf(collection: CollectionName, row: MirrorRow): Slim {
  const spec = collections[collection]
  const slim: Slim = {
    collection,
    id: row.id,
    name: spec.displayName(row),
    created: Date.parse(String(row.createdAt)),
    updated: Date.parse(String(row.updatedAt)),
  }
  const counted = COUNTED_BY[collection]
  if (counted.length > 0) {
    const by: Record<string, string> = {}
    for (const { field, relation } of counted) {
      const value = countedValue(relation, row[field])
      if (value !== undefined) by[field] = value
    }
    slim.by = by
  }
  if (spec.image) slim.hasImage = row[spec.image.field] != null
  return slim
}

type Named = Partial<Record<CollectionName, string[]>>
/** What the rows a change names now are, as this context wrote them: a row's slim, or null once deleted. */
type Known = Partial<Record<CollectionName, Map<string, Slim | null>>>

/**
 * The slims of the rows `written` holds whole (this context's own writes, mirror-changes.ts). Where the
 * engine runs on the page (WebKit), a first sync's rows are heard so, and reading them again cost the page
 * thousands of point reads per page of the download, each row looked up in its pack. Rows cut to their
 * list entries' fields (the sync worker's, handed to its page) carry no version and are read again.
 */
function knownOf(changes: Named, written: Written | undefined): Known {
  const known: Known = {}
  for (const [collection, ids] of Object.entries(changes) as [CollectionName, string[]][]) {
    const rows = written?.[collection]
    if (!rows) continue
    const slims = new Map<string, Slim | null>()
    for (const id of ids) {
      const row = rows.get(id)
      if (row === null) slims.set(id, null)
      else if (row && typeof row.version === 'number') slims.set(id, slimOf(collection, row as MirrorRow))
    }
    known[collection] = slims
  }
  return known
}

const bump = (counts: Map<string, number>, key: string, by: number) => {
  const next = (counts.get(key) ?? 0) + by
  if (next === 0) counts.delete(key)
  else counts.set(key, next)
}

export class DashboardTally extends BuiltStore {
  readonly rows = Object.fromEntries(COLLECTIONS.map((name) => [name, new Map<string, Slim>()])) as Record<
    CollectionName,
    Map<string, Slim>
  >
  /** Per collection, its records per value of each field they are counted by (`Slim.by`). */
  private readonly counts = perCollection((name) =>
    Object.fromEntries(COUNTED_BY[name].map(({ field }) => [field, new Map<string, number>()])),
  )
  /** Contacts per department ('' for none): the name the figures (compute.ts) read it by. */
  readonly departments = this.countsBy('contacts', 'department')
  /** Contacts per company id (a contact naming none is not counted): as the figures read it. */
  readonly companyContacts = this.countsBy('contacts', 'company')
  /** Changes heard while building, applied when it ends ('all': a table was replaced, read again). */
  private heard: Partial<Record<CollectionName, Set<string> | 'all'>> = {}
  private unhear: (() => void) | null = null
  private notifying: ReturnType<typeof setTimeout> | undefined
  private notified = Number.NEGATIVE_INFINITY
  /** A reading of everything again, waiting for big changes to pause (see `BULK`). */
  private quiet: {
    timer: ReturnType<typeof setTimeout>
    done: Promise<void>
    go: () => void
    ids: Partial<Record<CollectionName, Set<string>>>
    known: Known
  } | null = null

  constructor(
    private readonly db: OutpostDb,
    private readonly chunk = PAGE_CHUNK,
  ) {
    super()
  }

  /** Starts following the mirror and reading it, once. */
  start() {
    if (this.state !== 'cold') return
    this.unhear ??= onMirrorChanges(this.db.name, (changes, written) => this.hear(changes, written))
    this.startBuilding(() => this.build())
  }

  /** Stops following the mirror and forgets everything (the tally is not used any more). */
  stop() {
    this.unhear?.()
    this.unhear = null
    if (this.quiet) clearTimeout(this.quiet.timer)
    this.quiet?.go()
    this.quiet = null
    clearTimeout(this.notifying)
    this.notifying = undefined
    this.clear()
    this.state = 'cold'
  }

  /** Resolves once everything heard so far is counted (tests and the benchmark wait on it). */
  async idle() {
    let seen: Promise<void> | undefined
    let built: Promise<void> | undefined
    while (seen !== this.applying || built !== this.built || this.state === 'building' || this.quiet) {
      if (this.quiet) await this.quiet.done
      seen = this.applying
      built = this.built
      await built
      await seen
    }
  }

  /**
   * Counts big changes once they have paused (each one puts it off again): the rows they named are read
   * again, or, when they are a tenth of everything counted or more, every table is read again whole,
   * with one request per chunk instead of one per row. On a slow network the pages of a first sync
   * pause between them, and the tables are not read whole again and again once they are large.
   */
  private countWhenQuiet(changes: Named, known: Known) {
    const waiting = this.quiet
    if (waiting) clearTimeout(waiting.timer)
    let go = waiting?.go ?? (() => {})
    const done =
      waiting?.done ??
      new Promise<void>((resolve) => {
        go = resolve
      })
    // The rows to read again (`ids`), and those known as written (`slims`): an id's last change says which.
    const ids = waiting?.ids ?? {}
    const slims = waiting?.known ?? {}
    for (const [name, named] of Object.entries(changes) as [CollectionName, string[]][]) {
      const set = ids[name] ?? new Set<string>()
      const kept = slims[name] ?? new Map<string, Slim | null>()
      const heard = known[name]
      for (const id of named) {
        const slim = heard?.get(id)
        if (slim === undefined) {
          set.add(id)
          kept.delete(id)
        } else {
          kept.set(id, slim)
          set.delete(id)
        }
      }
      ids[name] = set
      slims[name] = kept
    }
    const timer = setTimeout(() => {
      this.quiet = null
      const pending = Object.values(ids).reduce((sum, set) => sum + set.size, 0)
      const counted = Object.values(this.rows).reduce((sum, rows) => sum + rows.size, 0)
      if (pending > 0 && pending * 10 >= counted) {
        this.state = 'cold'
        this.start()
      } else {
        const named = Object.fromEntries(
          COLLECTIONS.map((name) => [name, [...(ids[name] ?? []), ...(slims[name]?.keys() ?? [])]]),
        )
        void this.apply(named, slims)
      }
      go()
    }, BULK_QUIET_MS)
    this.quiet = { timer, done, go, ids, known: slims }
  }

  /** The counts by one field, which its definition must give `figure: 'by'` (else the dashboard fails at once). */
  private countsBy(collection: CollectionName, field: string) {
    const counts = this.counts[collection][field]
    if (!counts) throw new Error(`${collection}.${field} is not defined as counted by (figure: 'by')`)
    return counts
  }

  private clear() {
    for (const rows of Object.values(this.rows)) rows.clear()
    for (const byField of Object.values(this.counts))
      for (const counts of Object.values(byField)) counts.clear()
  }

  private put(collection: CollectionName, row: MirrorRow) {
    this.putSlim(collection, slimOf(collection, row))
  }

  private putSlim(collection: CollectionName, slim: Slim) {
    this.remove(collection, slim.id)
    this.rows[collection].set(slim.id, slim)
    this.count(collection, slim, 1)
  }

  private remove(collection: CollectionName, id: string) {
    const old = this.rows[collection].get(id)
    if (!old) return
    this.rows[collection].delete(id)
    this.count(collection, old, -1)
  }

  private count(collection: CollectionName, slim: Slim, by: number) {
    if (!slim.by) return
    const counts = this.counts[collection]
    for (const [field, value] of Object.entries(slim.by)) {
      const byValue = counts[field]
      if (byValue) bump(byValue, value, by)
    }
  }

  private async build() {
    try {
      do {
        this.heard = {}
        this.clear()
        for (const collection of COLLECTIONS) await this.readAll(collection)
      } while (Object.values(this.heard).includes('all'))
      // Stopped meanwhile: what was read is not wanted any more.
      if (this.state !== 'building') return this.clear()
      const heard = this.heard as Partial<Record<CollectionName, Set<string>>>
      this.heard = {}
      this.state = 'ready'
      await this.apply(Object.fromEntries(Object.entries(heard).map(([name, ids]) => [name, [...ids]])))
    } catch {
      // The database closed under us (signed out): nothing to count any more.
      this.state = 'cold'
    }
  }

  private readAll(collection: CollectionName) {
    return readWholeTable(this.db, collection, this.chunk, (rows) => {
      for (const row of rows) this.put(collection, row)
    })
  }

  private hear(changes: MirrorChanges, written?: Written) {
    if (this.state === 'cold') return
    if (this.state === 'building') {
      for (const [name, ids] of Object.entries(changes) as [CollectionName, string[] | 'all'][]) {
        const known = this.heard[name]
        if (ids === 'all' || known === 'all') this.heard[name] = 'all'
        else this.heard[name] = new Set([...(known ?? []), ...ids])
      }
      return
    }
    if (Object.values(changes).includes('all')) {
      // A table cleared or replaced: read everything again rather than guess what went.
      this.state = 'cold'
      this.start()
      return
    }
    const named = Object.values(changes).reduce((sum, ids) => sum + (ids as string[]).length, 0)
    const known = knownOf(changes as Named, written)
    if (this.quiet || named >= BULK) {
      this.countWhenQuiet(changes as Named, known)
      return
    }
    void this.apply(changes as Named, known)
  }

  private apply(changes: Named, known: Known = {}) {
    this.applying = this.applying
      .then(() => this.reread(changes, known))
      .then(
        () => this.changed(),
        () => {
          // The rows could not be read (the database closed under us): count nothing rather than stale figures.
          this.state = 'cold'
          this.changed()
        },
      )
    return this.applying
  }

  /**
   * Counts the changed rows anew: those `known` as written at once, the others read again (a row still
   * there is counted anew, a missing one is gone).
   */
  private async reread(changes: Named, known: Known) {
    for (const [name, changed] of Object.entries(changes) as [CollectionName, string[]][]) {
      const slims = known[name]
      const ids = [...new Set(changed)].filter((id) => {
        const slim = slims?.get(id)
        if (slim === undefined) return true
        if (slim) this.putSlim(name, slim)
        else this.remove(name, id)
        return false
      })
      if (ids.length === 0) continue
      const rows = await mirrorOf(this.db, name).bulkGet(ids)
      rows.forEach((row, i) => {
        if (row) this.put(name, row)
        else this.remove(name, ids[i] as string)
      })
    }
  }

  /**
   * Screens hear of changes at most every NOTIFY_EVERY_MS: a first download
   * lands a page of rows after another, and figures made again after each
   * one would keep the screen busy for nothing. A change after a quiet spell
   * is told at once.
   */
  private changed() {
    this.version++
    if (this.notifying) return
    const wait = Math.max(0, this.notified + NOTIFY_EVERY_MS - performance.now())
    this.notifying = setTimeout(() => {
      this.notifying = undefined
      this.notified = performance.now()
      this.tellListeners()
    }, wait)
  }
}
