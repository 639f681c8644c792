/**
 * The local database: a mirror of every synced collection and of the
 * signed-in user's own account, the outbox of
 * changes not yet on the server, notices for the user, and sync metadata.
 * One database per signed-in user, so one user's queue can never be replayed
 * as another's and a shared tablet never shows a stranger's unsent edits.
 *
 * Its stores are derived from the entities' definitions (stores.ts). Users' unsent work lives here, so
 * when they change, raise SCHEMA_VERSION there: a device's database is moved to the new stores only
 * when it is opened at a higher version (`tests/unit/db/stores.test.ts` fails until it is raised).
 */
import Dexie, { type EntityTable, type Table } from 'dexie'
import type { CollectionName, RecordOf } from '../domain/collections'
import type { ImageKind } from '../domain/images'
import type { Account } from '../domain/user'
import type { StoredDraft } from './drafts'
import type { StoredHistory } from './histories'
import { trackMirrorChanges } from './mirror-changes'
import type { OutboxOp, SyncNotice } from './outbox-types'
import { readPacks } from './packs-middleware'
import { SleepGuard } from './page-sleep'
import { deviceStores, SCHEMA_VERSION } from './stores'
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

/** Each collection's table, typed by its record (`RecordTypes`, collections.ts). */
type RecordTables = { [C in CollectionName]: EntityTable<RecordOf<C>, 'id'> }

// The collections' tables, one per collection, are declared by merging: Dexie makes them from the
// stores at run time, as it does the tables the class lists with `!`.
export interface OutpostDb extends RecordTables {}

// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the merged members are Dexie's tables, set by `stores()`.
export class OutpostDb extends Dexie {
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
    // One version, the current stores. Dexie (since 3.0, its PR #959) upgrades from the stores installed
    // in IndexedDB, not from the versions declared before: opened at a higher version, it compares the
    // stores it finds with these and adds, drops and changes tables and indexes to match
    // (updateTablesAndIndexes in dexie.mjs), whatever version the database had. Earlier versions need
    // declaring only for an `.upgrade()` that moves data, and none of ours had one; nor can a table's
    // primary key change so (Dexie refuses). `tests/unit/db/database.test.ts` opens each earlier version.
    this.version(SCHEMA_VERSION).stores(deviceStores)
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
