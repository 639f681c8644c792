/**
 * The texts the one search rule matches (src/domain/global-search.ts), kept with each record in
 * `search_text` and `search_phones` (server/db/tables/records.ts): made by the devices' own
 * `globalSearchTexts`, so `where[search][like]` (where.ts) finds exactly what a device's search
 * finds in its mirror (docs/decisions/013-one-search-rule.md).
 *
 * Every write of a record's fields writes them too (writes.ts `toColumns`: a create, an update, a
 * merge; a restore keeps what its delete left). Rows that no write of this code made (those from
 * before migration 0015, or inserted by SQL as `npm run seed` does) hold NULL, and `fillSearchTexts`
 * fills them: at every start, after the migrations, and after a seed.
 */
import { isNull, sql } from 'drizzle-orm'
import { globalSearchFields, globalSearchTexts } from '../../src/domain/global-search'
import type { Db } from '../db/open'
import type { Row } from './docs'
import { type ServerCollection, serverCollections } from './registry'

export interface SearchColumns {
  searchText: string
  searchPhones: string
}

/** A row's fields by their API names, as globalSearchTexts reads a record (a description as its JSON). */
function recordOf(collection: ServerCollection, row: Row | undefined): Record<string, unknown> {
  const record: Record<string, unknown> = {}
  if (!row) return record
  for (const field of collection.fields) record[field.name] = row[field.key]
  return record
}

/** The search columns of a record (API names; every field the search reads must be there). */
export function searchColumnsOf(
  collection: ServerCollection,
  record: Record<string, unknown>,
): SearchColumns {
  const { text, phones } = globalSearchTexts(record, collection.name)
  return { searchText: text, searchPhones: phones }
}

/**
 * The search columns a write of `values` (API names) must set over the row `before` (none: a create):
 * none when it changes no field the search reads and the row's texts are already there.
 */
export function searchColumnsFor(
  collection: ServerCollection,
  before: Row | undefined,
  values: Record<string, unknown>,
): SearchColumns | undefined {
  const touched = globalSearchFields(collection.name).text.some((name) => name in values)
  if (before && !touched && before.searchText != null) return undefined
  return searchColumnsOf(collection, { ...recordOf(collection, before), ...values })
}

/** Rows filled per statement: 2,000 contacts' texts are ~250 KB of JSON. */
const FILL_BATCH = 2_000

/**
 * Fills the search texts of every row that has none (tombstones too: a restore brings them back), a
 * batch at a time, through the partial index of such rows; answers how many it filled. The feed and
 * the rows' versions do not move: nothing a device holds changed. A row a write changed meanwhile
 * (another version, or texts already written) is left as that write made it.
 */
export async function fillSearchTexts(db: Db, collections = serverCollections): Promise<number> {
  let filled = 0
  for (const collection of collections) {
    const { table } = collection
    let after = '00000000-0000-0000-0000-000000000000'
    for (;;) {
      const rows = (await db
        .select()
        .from(table)
        .where(sql`${isNull(table.searchText)} and ${table.id} > ${after}`)
        .orderBy(table.id)
        .limit(FILL_BATCH)) as Row[]
      if (rows.length === 0) break
      const texts = rows.map((row) => ({
        id: row.id,
        version: row.version,
        ...searchColumnsOf(collection, recordOf(collection, row)),
      }))
      await db.execute(sql`update ${table} set search_text = v."searchText", search_phones = v."searchPhones"
        from json_to_recordset(${JSON.stringify(texts)}::json) as v(id uuid, version integer, "searchText" text, "searchPhones" text)
        where ${table.id} = v.id and ${table.version} = v.version and ${table.searchText} is null`)
      filled += rows.length
      after = String(rows.at(-1)?.id)
    }
  }
  return filled
}
