/**
 * A list screen's page, asked of the server (where[search][like], which the
 * server matches by the device's own search rule, page[number], page[size]). The answer's docs are upserted into the mirror — never deleting
 * anything, never going back to an older version or writing the same one
 * again, and under the user's queued changes — and its totalDocs is handed back to show beside the local count.
 */

import { META, readMeta } from '../db/meta'
import { opsFor } from '../db/record-writes'
import { type MirrorRow, mirrorOf } from '../db/tables'
import type { CollectionName } from '../domain/collections'
import { searchWhere } from '../domain/search'
import { listPage } from '../transport/calls'
import { NetworkError } from '../transport/http'
import type { EngineContext } from './context'
import { withPending } from './rebase'

export interface ListPageQuery {
  page: number
  perPage: number
  search: string
  sort?: string
}

/** The server's total for the query, or null when it could not be asked (offline, signed out). */
export async function refreshListPage(
  ctx: EngineContext,
  collection: CollectionName,
  query: ListPageQuery,
): Promise<number | null> {
  const text = query.search.trim()
  let answer: Awaited<ReturnType<typeof listPage>>
  try {
    answer = await listPage(ctx.transport, collection, {
      where: text ? searchWhere(text) : undefined,
      page: query.page,
      size: query.perPage,
      sort: query.sort,
    })
  } catch (error) {
    if (error instanceof NetworkError) return null
    throw error
  }
  if (answer.status !== 200) return null
  const { db } = ctx
  const table = mirrorOf(db, collection)
  // Once the feed has been read through, a record missing here was deleted (or will arrive by the
  // feed): a page read before that deletion must not bring it back. Before, pages fill the gaps.
  const hydrated = await readMeta(db, META.hydrated, false)
  await db.transaction('rw', [table, db.outbox], async () => {
    for (const doc of answer.body.docs as MirrorRow[]) {
      const current = await table.get(doc.id)
      if (!current && hydrated) continue
      // As the pull does with the echo of its own push: a row that already holds this version (under the
      // queued ops) is not written again. Most of a page asked again is unchanged; rewriting it would wake
      // every live query and the list index for nothing. An older version is never written over a newer one.
      if (current && current.version >= doc.version) continue
      const row = withPending(doc, await opsFor(db, collection, doc.id))
      if (row) await table.put(row)
    }
  })
  return answer.body.totalDocs
}
