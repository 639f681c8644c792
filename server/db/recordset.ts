/**
 * Many rows' values as one JSON parameter, read back as a table by `jsonb_to_recordset`: a statement
 * over a hundred rows binds one parameter, not one a cell. A batch of 100 contacts' creates bound some
 * 800 parameters for its rows and 1,100 for their history, each built by drizzle and parsed by the
 * database one by one: the largest share of the server's time for a batch, in Node on PGlite.
 */
import { getTableColumns, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { rowsOf } from './rows'
import type { Tx } from './write'

/** A table's columns by their keys in the schema (`firstName`, not `first_name`). */
export const columnsOf = (table: PgTable) => getTableColumns(table) as Record<string, PgColumn>

/** A column's value as JSON for `jsonb_to_recordset`: JSON columns as they are, the rest as the driver takes them. */
function jsonValue(column: PgColumn, value: unknown) {
  if (value === null || value === undefined) return null
  if (column.getSQLType() === 'jsonb' || column.getSQLType() === 'json') return value
  return column.mapToDriverValue(value)
}

/**
 * `rows` (by schema keys, each holding every one of `keys`) as a table named `alias` whose columns
 * are named and typed as the table's own.
 */
export function recordset(
  columns: Record<string, PgColumn>,
  keys: readonly string[],
  rows: readonly Record<string, unknown>[],
  alias: string,
): SQL {
  const columnOf = (key: string) => columns[key] as PgColumn
  const definition = sql.join(
    keys.map((key) => sql`${sql.identifier(columnOf(key).name)} ${sql.raw(columnOf(key).getSQLType())}`),
    sql`, `,
  )
  const values = rows.map((row) =>
    Object.fromEntries(keys.map((key) => [columnOf(key).name, jsonValue(columnOf(key), row[key])])),
  )
  return sql`jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as ${sql.identifier(alias)}(${definition})`
}

/** Rows grouped by the keys they hold, so that each group is one statement's recordset. */
export function byShape<T>(items: readonly T[], keysOf: (item: T) => string[]) {
  const groups = new Map<string, { keys: string[]; items: T[] }>()
  for (const item of items) {
    const keys = keysOf(item).sort()
    const shape = keys.join(',')
    const group = groups.get(shape)
    if (group) group.items.push(item)
    else groups.set(shape, { keys, items: [item] })
  }
  return [...groups.values()]
}

/** A row as the database answered it (columns by name, as the driver gives them) by schema keys, as a select reads it. */
function fromDriver(columns: Record<string, PgColumn>, raw: Record<string, unknown>) {
  const row: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(columns)) {
    const value = raw[column.name]
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row
}

/**
 * INSERTs `rows` into `table`, one statement for each set of keys the rows hold; `computed` columns
 * are SQL each row evaluates for itself (a create's stamp: the next feed position). `skipExisting`
 * leaves out a row whose id is there already (a replayed create). Answers the rows inserted, whole
 * as a select would read them (`RETURNING *`: the select after it was a tenth of a batch's time),
 * or only their ids when `whole` is false.
 */
export async function insertRows(
  tx: Tx,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  {
    computed = {},
    skipExisting = false,
    whole = false,
  }: { computed?: Record<string, SQL>; skipExisting?: boolean; whole?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const columns = columnsOf(table)
  const name = (key: string) => sql.identifier((columns[key] as PgColumn).name)
  const inserted: Record<string, unknown>[] = []
  for (const { keys, items } of byShape(rows, (row) => Object.keys(row))) {
    const targets = sql.join([...keys, ...Object.keys(computed)].map(name), sql`, `)
    const selected = sql.join(
      [...keys.map((key) => sql`r.${name(key)}`), ...Object.values(computed)],
      sql`, `,
    )
    const result = await tx.execute(sql`
      insert into ${table} (${targets})
      select ${selected} from ${recordset(columns, keys, items, 'r')}
      ${skipExisting ? sql`on conflict do nothing` : sql``}
      returning ${whole ? sql`*` : name('id')}`)
    for (const raw of rowsOf(result))
      inserted.push(whole ? fromDriver(columns, raw) : { id: raw[(columns.id as PgColumn).name] })
  }
  return inserted
}
