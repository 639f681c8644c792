/**
 * PGlite has no autovacuum: without a vacuum its planner never learns how the
 * tables grew (searches then pick poor plans), GIN pending lists are only
 * merged when full, and counts cannot use index-only scans. PostgreSQL's
 * autovacuum does all of it there, so this runs on PGlite only.
 *
 * A vacuum of 100,000 contacts holds PGlite's one connection for most of a
 * second, so it runs only for tables that changed enough since the last one,
 * by autovacuum's own rule (50 rows + 10 % of the table). PGlite forgets its
 * table statistics when it closes, so "changed" is counted with the write
 * sequence: rows whose seq is above the one stored at the last vacuum.
 */
import { getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './open'
import { rowsOf } from './rows'
import { syncMeta } from './schema'
import { isSoleClient } from './write'

/** Changed rows that make a table of `rows` rows worth a vacuum (autovacuum's analyze threshold and scale factor). */
export const vacuumThreshold = (rows: number) => 50 + Math.floor(0.1 * Math.max(rows, 0))

/**
 * When one of the collections' `tables` (each with a `seq` column) changed past its threshold, vacuums
 * (and analyzes) every one that changed since the last vacuum; with `everyTable` (after tombstones were
 * purged: deleted rows leave no seq behind) all of them. Returns the names of the tables vacuumed.
 */
export async function vacuumChangedTables(
  db: Db,
  tables: readonly PgTable[],
  options: { everyTable?: boolean } = {},
): Promise<string[]> {
  if (!isSoleClient(db)) return []
  const [meta] = await db.select({ through: syncMeta.vacuumedThrough }).from(syncMeta)
  const mark = meta?.through ?? 0
  // Read before vacuuming: a write made meanwhile is counted next time.
  const [head] = rowsOf(
    await db.execute(sql`select case when is_called then last_value else 0 end as head from write_seq`),
  )
  const changes: { table: PgTable; name: string; changed: number }[] = []
  let due = options.everyTable === true
  for (const table of tables) {
    const name = getTableName(table)
    const [size] = rowsOf(await db.execute(sql`select reltuples from pg_class where oid = ${name}::regclass`))
    const threshold = vacuumThreshold(Number(size?.reltuples ?? 0))
    // Counting stops past the threshold: a bulk load of 100,000 rows is not walked to know it is "many".
    const [counted] = rowsOf(
      await db.execute(
        sql`select count(*)::int as n from (select 1 from ${table} where seq > ${mark} limit ${threshold + 1}) changed`,
      ),
    )
    const changed = Number(counted?.n ?? 0)
    if (changed > threshold) due = true
    changes.push({ table, name, changed })
  }
  // The mark is shared by every table, so it only moves when every changed table is vacuumed with it.
  if (!due) return []
  const vacuumed: string[] = []
  for (const { table, name, changed } of changes) {
    if (changed === 0 && !options.everyTable) continue
    await db.execute(sql`vacuum (analyze) ${table}`)
    vacuumed.push(name)
  }
  await db
    .update(syncMeta)
    .set({ vacuumedThrough: sql`greatest(${syncMeta.vacuumedThrough}, ${Number(head?.head ?? 0)})` })
  return vacuumed
}
