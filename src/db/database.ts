/**
 * The local database: a mirror of every synced collection and of the
 * signed-in user's own account, the outbox of
 * changes not yet on the server, notices for the user, and sync metadata.
 * One database per signed-in user, so one user's queue can never be replayed
 * as another's and a shared tablet never shows a stranger's unsent edits.
 *
 * DO NOT CHANGE A VERSION'S STORES WITHOUT ADDING A NEW VERSION: users' unsent work lives here.
 */
import Dexie, { type EntityTable, type Table } from 'dexie'
import type { CatalogItem } from '../domain/catalog'
import type { Company } from '../domain/company'
import type { Contact } from '../domain/contact'
import type { ImageKind } from '../domain/images'
import type { Account } from '../domain/user'
import type { StoredDraft } from './drafts'
import type { StoredHistory } from './histories'
import { trackMirrorChanges } from './mirror-changes'
import type { OutboxOp, SyncNotice } from './outbox-types'
import { readPacks } from './packs-middleware'
import { SleepGuard } from './page-sleep'
import type { Pack, PackKey } from './tables'

export interface MetaEntry {
  key: string
  value: unknown
}

/** An image chosen on this device: kept here until uploaded, and shown from here until then. */
export interface LocalImage {
  id: string
  kind: ImageKind
  blob: Blob
  filename: string
  mimeType: string
  createdAt: number
}

export class OutpostDb extends Dexie {
  contacts!: EntityTable<Contact, 'id'>
  companies!: EntityTable<Company, 'id'>
  industries!: EntityTable<CatalogItem, 'id'>
  services!: EntityTable<CatalogItem, 'id'>
  products!: EntityTable<CatalogItem, 'id'>
  /** One row: the signed-in user's own account (My Profile), edited offline like a record. */
  users!: EntityTable<Account, 'id'>
  images!: EntityTable<LocalImage, 'id'>
  outbox!: EntityTable<OutboxOp, 'seq'>
  notices!: EntityTable<SyncNotice, 'id'>
  meta!: Table<MetaEntry, string>
  /** The first sync's rows, many per record, until unpacked into their tables (packs.ts). */
  packs!: Table<Pack, PackKey>
  /** Each pack's ids, under its key. */
  packIds!: Table<string[], PackKey>
  /** Forms' unsaved typing, by form (drafts.ts). */
  drafts!: Table<StoredDraft, string>
  /** Records' history as last read from the server (histories.ts). */
  histories!: Table<StoredHistory, string>

  /** What this database lets go of when the page goes to sleep (page-sleep.ts). */
  private readonly sleepGuard: SleepGuard

  constructor(name: string) {
    const sleepGuard = new SleepGuard()
    super(name, { indexedDB: sleepGuard.indexedDB })
    this.sleepGuard = sleepGuard
    this.version(1).stores({
      contacts: 'id, firstName, lastName, email, updatedAt',
      outbox: '++seq, &opId, recordId, status, [collection+recordId]',
      notices: '++id, recordId',
      meta: 'key',
    })
    // Issue #4: every collection, and images waiting to be uploaded.
    this.version(2).stores({
      companies: 'id, companyName, email, website, mainPhone, updatedAt',
      industries: 'id, name, updatedAt',
      services: 'id, name, updatedAt',
      products: 'id, name, updatedAt',
      images: 'id',
    })
    // List pages come from the in-memory index (mirror-index.ts): only each list's own order keeps an
    // IndexedDB index, for the moments before that index is built. Every index dropped makes each write
    // of the hydrate cheaper (100k contacts: 4.8k to 6k records/s in Chromium).
    this.version(3).stores({
      contacts: 'id, lastName',
      companies: 'id, companyName',
      industries: 'id, name',
      services: 'id, name',
      products: 'id, name',
    })
    // Issue #11: one's own profile is edited on the device and queued like a record.
    this.version(4).stores({ users: 'id' })
    // Issue #8: the first sync writes its rows as packs (packs.ts); keys given, not kept in the value.
    this.version(5).stores({ packs: '', packIds: '' })
    // Issue #25: a form's unsaved typing survives a reload, a crash or a closed tab.
    this.version(6).stores({ drafts: 'key' })
    // Issue #25: a record's history, as last read, shows offline too.
    this.version(7).stores({ histories: 'key' })
    trackMirrorChanges(this)
    readPacks(this)
    this.use(sleepGuard.middleware)
  }

  /**
   * Resolves once the database is open (created, on a first sign-in), opening
   * it again should the page have gone to sleep during its creation.
   */
  opened(): Promise<void> {
    return this.sleepGuard.opened(this)
  }
}

export function databaseName(userId: string) {
  return `outpost-${userId}`
}
