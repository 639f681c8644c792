/**
 * The Trash (Admins): a collection's deleted records, read from the server,
 * and their restore. Both need the server at once; a restored record then
 * reaches this device, as every other, through the change feed.
 */
import type { CollectionName } from '../domain/collections'
import type { ListResponse } from '../domain/rest'
import type { TrashEntry } from '../domain/trash'
import type { Transport } from '../transport/http'
import { keyed, onlineCaller } from './online-call'

export const TRASH_OFFLINE_TEXT = 'You are offline. The Trash needs a connection to the server.'

export interface TrashCalls {
  list(collection: CollectionName, page: number, size: number): Promise<ListResponse<TrashEntry>>
  restore(collection: CollectionName, id: string): Promise<void>
}

export function trashCalls(transport: Transport, afterRestore: () => void): TrashCalls {
  const call = onlineCaller(transport, TRASH_OFFLINE_TEXT)
  return {
    list: (collection, page, size) =>
      call({ method: 'GET', path: `${collection}/trash`, query: { page: { number: page, size } } }),
    restore: async (collection, id) => {
      await call({
        method: 'POST',
        path: `${collection}/${encodeURIComponent(id)}/restore`,
        headers: keyed(),
      })
      afterRestore()
    },
  }
}
