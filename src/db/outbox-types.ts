/** The shape of one queued change (docs/sync.md). Pure types: the sync engine and the writers share them. */
import type { MirroredName } from '../domain/collections'
import type { ErrorBody } from '../domain/errors'

export type OpKind = 'create' | 'update' | 'delete' | 'upload'

/**
 * pending: waiting to be sent (or to be retried after `nextAttemptAt`)
 * inflight: sent, answer not yet applied (back to pending if the tab dies)
 * failed: the server refused it (400/403/422); kept with the field errors for the form
 * conflict: the record changed on the server in a field the user also changed (412)
 */
export type OpStatus = 'pending' | 'inflight' | 'failed' | 'conflict'

export interface OutboxOp {
  seq?: number
  opId: string
  userId: string
  collection: MirroredName
  recordId: string
  kind: OpKind
  /**
   * create: every field; update: the changed fields only; delete: {};
   * upload: { kind, filename } of the image whose bytes are in db.images under recordId
   */
  patch: Record<string, unknown>
  /** update: the values the changed fields had when the user edited them */
  base: Record<string, unknown>
  /** The server version the edit was made on; null for a create. */
  baseVersion: number | null
  /** opIds that must reach the server first (a record this one points at). */
  deps: string[]
  status: OpStatus
  attempts: number
  /** Epoch ms before which a retry is not tried. */
  nextAttemptAt: number
  createdAt: number
  lastError?: {
    status: number
    message: string
    body?: ErrorBody
    /**
     * Batches in a row that failed as a whole with this op in them (a 5xx, a proxy's page): after the
     * first it is sent in a batch again, after the second alone (sync/push.ts, `requestsFor`).
     */
    wholeBatches?: number
  }
  /** On conflict: the server's current doc, for the per-field diff. */
  serverDoc?: Record<string, unknown>
  /**
   * On a delete: the record's fields as this device had them when it was deleted, so a conflict can
   * show what someone else changed since.
   */
  before?: Record<string, unknown>
  /**
   * On an update, for the device only (never sent): the `updatedAt` its record's row had before the
   * update's first edit, and the one its last edit gave the row. An update that leaves the queue (every
   * field put back) puts `before` back on the row, unless the row's time is no longer `set`: the
   * server's copy came under the edit since (a pull, an answer), and its time is the row's.
   */
  rowTimes?: { before: string; set: string }
}

/** Something the user must be told about that is no longer in the outbox (a record deleted on the server). */
export interface SyncNotice {
  id?: number
  collection: MirroredName
  recordId: string
  kind: 'deleted-on-server'
  /** What was lost: the user's unsent changes. */
  lost: Record<string, unknown>
  /** The record as this device had it, the unsent changes in it: what 'Add it again' makes anew. */
  record?: Record<string, unknown>
  name: string
  createdAt: number
}
