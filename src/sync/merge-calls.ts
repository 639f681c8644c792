/**
 * Two records that are one, merged on the server (Admins): the kept record takes the values
 * chosen, what pointed at the other moves to it, and the other goes to the Trash. It needs the
 * server at once; every device, this one included, then hears it through the change feed.
 */
import type { CollectionName } from '../domain/collections'
import { IDEMPOTENCY_HEADER } from '../domain/rest'
import type { Transport } from '../transport/http'
import { onlineCaller } from './online-call'

export const MERGE_OFFLINE_TEXT = 'You are offline. Merging needs a connection to the server.'

export interface MergeCalls {
  /**
   * `key` names this merge: the same key again (a retry after a lost answer) is answered as the first
   * was, where a new one would find the other record gone.
   */
  merge(
    collection: CollectionName,
    keptId: string,
    fromId: string,
    values: Record<string, unknown>,
    key: string,
  ): Promise<void>
}

export function mergeCalls(transport: Transport, afterMerge: () => void): MergeCalls {
  const call = onlineCaller(transport, MERGE_OFFLINE_TEXT)
  return {
    merge: async (collection, keptId, fromId, values, key) => {
      await call({
        method: 'POST',
        path: `${collection}/${encodeURIComponent(keptId)}/merge`,
        headers: { [IDEMPOTENCY_HEADER]: key },
        body: { from: fromId, values },
      })
      afterMerge()
    },
  }
}
