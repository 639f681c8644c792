/**
 * What a person typed in a form and has not saved, kept on this device as they type: after a
 * reload, a crash or a closed tab, reopening the form brings it back. One draft per form (an add
 * form per collection, an edit form per record, an import's choices per file), in the signed-in
 * user's own database, so another user of the device never sees it. Each drafted field keeps the
 * record's value it was typed over, so a draft brought back can say which fields someone changed since.
 */
import type { Table } from 'dexie'

export interface StoredDraft {
  /** The form's key: `contacts:new`, `contacts:<id>`, `profile`; an import's `import:contacts:<file hash>`. */
  key: string
  /** The fields typed, by name. */
  edits: Record<string, unknown>
  /** The record's value of each typed field when the typing began. */
  typedOver: Record<string, unknown>
  savedAt: number
}

interface DraftTables {
  drafts: Table<StoredDraft, string>
}

export const keepDraft = (db: DraftTables, draft: Omit<StoredDraft, 'savedAt'>) =>
  db.drafts.put({ ...draft, savedAt: Date.now() })

export const dropDraft = (db: DraftTables, key: string) => db.drafts.delete(key)

export const readDraft = (db: DraftTables, key: string) => db.drafts.get(key)
