/**
 * The pages of a list one click away (previous, next and the numbered
 * buttons), and the first page of a search being typed, read from the mirror
 * ahead of the click (or of the search), so the click paints its
 * rows in the same task instead of waiting on IndexedDB (a `bulkGet` takes
 * 5–20 ms in Chromium, more on a busy device: the whole frame budget).
 *
 * A page read ahead is used only while it is certainly what a read now
 * would answer: the list index still lists the same ids for it (no row came
 * before it or left it since), none of its rows has changed since it was
 * read, and no change to the collection landed while it was being read. The
 * live query of the page on screen then confirms it, as for any page.
 */
import type { OutpostDb } from '../../db/database'
import { onMirrorChanges } from '../../db/mirror-changes'
import { type MirrorRow, mirrorOf } from '../../db/tables'
import type { CollectionName } from '../../domain/collections'
import { FIRST_PAGE, pageWindow, totalPages } from '../../domain/paging'
import { listedIds, type PageQuery, type PageResult } from './record-query'

interface Ahead {
  /** What the list index listed for the page when it was read. */
  listed: { total: number; ids: string[] }
  result: PageResult
}

export const pageKey = (query: PageQuery) =>
  [query.page, query.perPage, query.sort ?? '', query.search].join('\n')

/** Page numbers one click from `page`: its neighbours and the numbered buttons shown with it. */
export function oneClickAway(page: number, pages: number): number[] {
  const around = new Set([page - 1, page + 1, ...pageWindow(page, pages)])
  around.delete(page)
  return [...around].filter((number) => number >= 1 && number <= pages)
}

const sameListing = (a: { total: number; ids: string[] }, b: { total: number; ids: string[] }) =>
  a.total === b.total && a.ids.length === b.ids.length && a.ids.every((id, at) => id === b.ids[at])

export class PageReadAhead {
  private readonly pages = new Map<string, Ahead>()
  /** What changed while each read under way was reading (`all`: anything may have). */
  private readonly overtaken = new Set<{ ids: Set<string>; all: boolean }>()
  private readonly stopHearing: () => void

  constructor(
    private readonly db: OutpostDb,
    private readonly collection: CollectionName,
  ) {
    this.stopHearing = onMirrorChanges(db.name, (changes) => {
      const ids = changes[collection]
      if (!ids) return
      for (const reading of this.overtaken) {
        if (ids === 'all') reading.all = true
        else for (const id of ids) reading.ids.add(id)
      }
      if (ids === 'all') this.pages.clear()
      else {
        const changed = new Set(ids)
        for (const [key, ahead] of this.pages)
          if (ahead.listed.ids.some((id) => changed.has(id))) this.pages.delete(key)
      }
    })
  }

  stop() {
    this.stopHearing()
    this.pages.clear()
  }

  /** The page as read ahead, if it is still what reading `query` now would answer. */
  get(query: PageQuery): PageResult | undefined {
    const ahead = this.pages.get(pageKey(query))
    if (!ahead) return undefined
    const listed = listedIds(this.db, this.collection, query)
    return listed && sameListing(listed, ahead.listed) ? ahead.result : undefined
  }

  /**
   * Reads the pages one click from `query`'s that are not read already (and
   * forgets the others, but for the search being typed), in one IndexedDB
   * read. Only with the list index: without it a page costs a scan of the
   * table, not worth spending on a guess.
   */
  async readAround(query: PageQuery, total: number) {
    const wanted = oneClickAway(query.page, totalPages(total, query.perPage)).map((page) => ({
      ...query,
      page,
    }))
    const keys = new Set(wanted.map(pageKey))
    for (const key of this.pages.keys()) if (!keys.has(key) && key !== this.typed) this.pages.delete(key)
    await this.read(wanted, (key) => keys.has(key))
  }

  /** The page-1 key of the search being typed, read ahead by `readTyped` (the latest only). */
  private typed: string | null = null

  /**
   * The first page of a search the user is still typing (the list searches
   * once they pause or press Enter), read now, so that when the search comes
   * its rows show in the render that follows, as a page click's do. Only the
   * latest typed search is kept.
   */
  async readTyped(query: PageQuery) {
    const typed = { ...query, page: FIRST_PAGE }
    const key = pageKey(typed)
    if (this.typed !== null && this.typed !== key) this.pages.delete(this.typed)
    this.typed = key
    // A read overtaken by the next keystroke is not kept.
    await this.read([typed], (read) => read === this.typed)
  }

  /** Reads the pages not read already, in one IndexedDB read, keeping those `keep` still wants when it lands. */
  private async read(wanted: PageQuery[], keep: (key: string) => boolean) {
    const missing: Array<{ key: string; listed: { total: number; ids: string[] } }> = []
    for (const page of wanted) {
      const listed = listedIds(this.db, this.collection, page)
      if (!listed) return
      if (!this.get(page)) missing.push({ key: pageKey(page), listed })
    }
    if (missing.length === 0) return
    const changed = { ids: new Set<string>(), all: false }
    this.overtaken.add(changed)
    let rows: Array<MirrorRow | undefined>
    try {
      rows = await mirrorOf(this.db, this.collection).bulkGet(missing.flatMap(({ listed }) => listed.ids))
    } finally {
      this.overtaken.delete(changed)
    }
    if (changed.all) return
    let at = 0
    for (const { key, listed } of missing) {
      const read = rows.slice(at, at + listed.ids.length)
      at += listed.ids.length
      // A row changed while reading may have been read before or after the change: that page is not kept.
      // (A change that moved rows into or out of a page is seen by `get`, which asks the index again.)
      if (!keep(key) || listed.ids.some((id) => changed.ids.has(id))) continue
      // As readPage answers it: a row deleted since the index last heard is left out.
      this.pages.set(key, {
        listed,
        result: { rows: read.filter((row) => row !== undefined), total: listed.total },
      })
    }
  }
}

/** Whether two reads of a page show the same thing (so the one on screen can stay, and nothing re-renders). */
export function samePage(a: PageResult, b: PageResult) {
  if (a.total !== b.total || a.rows.length !== b.rows.length) return false
  return a.rows.every((row, at) => sameRow(row, b.rows[at] as Record<string, unknown>))
}

function sameRow(a: Record<string, unknown>, b: Record<string, unknown>) {
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((key) => {
    const x = a[key]
    const y = b[key]
    if (x === y) return true
    // Rich text, image lists: plain data from IndexedDB, compared by what they hold.
    return typeof x === 'object' && typeof y === 'object' && JSON.stringify(x) === JSON.stringify(y)
  })
}
