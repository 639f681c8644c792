/** A record's history as the server answers it (GET /api/{collection}/:id/history), the latest first. */

/**
 * What a change did: made, edited, deleted, restored, another record of its kind merged into it, or
 * a relation cleared or set again by another's delete or restore.
 */
export type HistoryAction =
  | 'created'
  | 'updated'
  | 'deleted'
  | 'restored'
  | 'merged'
  | 'unlinked'
  | 'relinked'

/**
 * Each field a change set, with its value before (null for none) and after: text as typed, a relation
 * or image by its id, rich text as its words.
 */
export type FieldChanges = Record<string, { from: unknown; to: unknown }>

export interface HistoryEntry {
  action: HistoryAction
  /** The record's version after the change. */
  version: number
  /** When the server took the change. */
  at: string
  /** When the device made it, when it said (a change queued offline and sent later). */
  madeAt: string | null
  /** Who made it, by name as it was then. */
  by: string
  changes: FieldChanges | null
}
