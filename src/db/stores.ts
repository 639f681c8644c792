/**
 * The stores of the device's database (database.ts), and their version. A collection's table is
 * derived from its definition, so an entity is defined once (src/domain): it keeps its records by id
 * with one index, its list's order (`defaultSort`, the field listed with `order`), which lists read
 * before the in-memory index is built (mirror-index.ts). Every index dropped makes each write of the
 * first sync cheaper (100k contacts: 4.8k to 6k records/s in Chromium). The device's own tables are
 * written here by hand: they belong to no entity.
 *
 * When these stores change (an entity's order field changes, an entity or a table is added or
 * removed), raise SCHEMA_VERSION: the installed database is only brought to the new stores when it
 * is opened at a higher version. `tests/unit/db/stores.test.ts` pins the stores of the current
 * version and fails until both are updated. (Left at the same version, Dexie 4 would add a missing
 * table or index itself, warning "Schema was extended without increasing the number", but it never
 * drops a table or an index, nor changes one.)
 */
import { collections, perCollection } from '../domain/collections'

/** The version the database is opened at; raise it with every change of `deviceStores`. */
export const SCHEMA_VERSION = 8

export const deviceStores = {
  ...perCollection((name) => `id, ${collections[name].defaultSort}`),
  /** One row: the signed-in user's own account (issue #11). */
  users: 'id',
  /** Images chosen on this device, until uploaded (issue #4). */
  images: 'id',
  outbox: '++seq, &opId, recordId, status, [collection+recordId]',
  notices: '++id, recordId',
  meta: 'key',
  /** The first sync's rows until unpacked (packs.ts): keys given, not kept in the value (issue #8). */
  packs: '',
  packIds: '',
  /** A form's unsaved typing (drafts.ts, issue #25). */
  drafts: 'key',
  /** A record's history as last read, shown offline too (histories.ts, issue #25). */
  histories: 'key',
} as const
