/**
 * The local database: a mirror of every synced collection, the outbox of
 * changes not yet on the server, notices for the user, and sync metadata.
 * One database per signed-in user, so one user's queue can never be replayed
 * as another's and a shared tablet never shows a stranger's unsent edits.
 *
 * DO NOT CHANGE A VERSION'S STORES WITHOUT ADDING A NEW VERSION: users' unsent work lives here.
 */
import Dexie, { type EntityTable, type Table } from 'dexie'
import type { Contact } from '../domain/contact'
import type { OutboxOp, SyncNotice } from './outbox-types'

export interface MetaEntry {
  key: string
  value: unknown
}

export class OutpostDb extends Dexie {
  contacts!: EntityTable<Contact, 'id'>
  outbox!: EntityTable<OutboxOp, 'seq'>
  notices!: EntityTable<SyncNotice, 'id'>
  meta!: Table<MetaEntry, string>

  constructor(name: string) {
    super(name)
    this.version(1).stores({
      contacts: 'id, firstName, lastName, email, updatedAt',
      outbox: '++seq, &opId, recordId, status, [collection+recordId]',
      notices: '++id, recordId',
      meta: 'key',
    })
  }
}

export function databaseName(userId: string) {
  return `outpost-${userId}`
}
