/**
 * The history of records as this device last read it from the server (the latest changes of each),
 * so a record opened offline still shows who changed what. In the signed-in user's own database.
 */
import type { Table } from 'dexie'
import type { HistoryEntry } from '../domain/history'

export interface StoredHistory {
  /** `contacts:<id>`. */
  key: string
  /** The latest changes, the latest first, and how many the server holds in all. */
  entries: HistoryEntry[]
  total: number
  readAt: number
}

export const historyKey = (collection: string, id: string) => `${collection}:${id}`

interface HistoryTables {
  histories: Table<StoredHistory, string>
}

export const keepHistory = (db: HistoryTables, history: Omit<StoredHistory, 'readAt'>) =>
  db.histories.put({ ...history, readAt: Date.now() })

export const readHistory = (db: HistoryTables, key: string) => db.histories.get(key)
