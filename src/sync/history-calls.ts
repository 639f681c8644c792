/**
 * A record's history from the server (GET /api/{collection}/:id/history):
 * its latest changes, kept on the device (db/histories.ts) so the record's
 * screen reads them there, offline too. The screen asks for a fresh read;
 * offline it is told so and shows what the device has.
 */
import type { OutpostDb } from '../db/database'
import { historyKey, keepHistory } from '../db/histories'
import type { CollectionName } from '../domain/collections'
import type { HistoryEntry } from '../domain/history'
import type { ListResponse } from '../domain/rest'
import type { Transport } from '../transport/http'
import { OnlineCallError, onlineCaller } from './online-call'

export const HISTORY_OFFLINE_TEXT = 'You are offline. The latest history needs a connection to the server.'

/** How many of a record's latest changes are read and kept. */
export const HISTORY_PAGE = 20

export interface HistoryCalls {
  /** Reads the record's latest changes from the server and keeps them on the device. */
  refresh(collection: CollectionName, id: string): Promise<void>
}

export function historyCalls(transport: Transport, db: OutpostDb): HistoryCalls {
  const call = onlineCaller(transport, HISTORY_OFFLINE_TEXT)
  return {
    refresh: async (collection, id) => {
      let page: ListResponse<HistoryEntry>
      try {
        page = await call<ListResponse<HistoryEntry>>({
          method: 'GET',
          path: `${collection}/${encodeURIComponent(id)}/history`,
          query: { page: { number: 1, size: HISTORY_PAGE } },
        })
      } catch (error) {
        // Made on this device and not sent yet: the server has no history of it, and nothing is wrong.
        if (error instanceof OnlineCallError && error.status === 404) return
        throw error
      }
      await keepHistory(db, { key: historyKey(collection, id), entries: page.docs, total: page.totalDocs })
    },
  }
}
