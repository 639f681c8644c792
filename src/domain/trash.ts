/** The Trash's answer (GET /api/{collection}/trash, Admins): a deleted record and its delete. */
export interface TrashEntry<D = Record<string, unknown>> {
  /** The record as it was when deleted (its tombstone's fields). */
  doc: D
  deletedAt: string
  /** The name of whoever deleted it, as it was then; null when nobody is on record. */
  deletedBy: string | null
  /** When it leaves the Trash and can no longer be restored. */
  leavesTrashAt: string
}

/** How long a deleted record stays in the Trash unless the server is told otherwise (TRASH_DAYS). */
export const DEFAULT_TRASH_DAYS = 30
