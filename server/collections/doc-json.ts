/**
 * The change feed built by the database as JSON text: each row's API doc (as
 * docs.ts's `toDoc` answers it), each change around it, and a whole page as
 * one text that the route sends as it is. A first sync reads every row, and
 * the cost was all in the handling of rows: decoded field by field and mapped
 * by drizzle, 100,000 contacts cost PGlite ~2.2 s in-process; as one doc text
 * per row, parsed and serialized again here, ~2.0 s; as one text per page of
 * 2,000, ~0.9 s.
 *
 * The same shape as `toDoc`, key for key, and tests/server/collections/changes.test.ts
 * holds the two equal for every collection and every kind of field.
 */
import { type SQL, sql } from 'drizzle-orm'
import { images } from '../db/schema'
import type { ServerCollection, ServerField } from './registry'

/** As `Date.prototype.toISOString` writes a timestamp (stored to the millisecond). */
const iso = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

function fieldValue(field: ServerField): SQL {
  const column = field.column
  if (field.kind === 'relation')
    return sql`case when ${column} is null then null else json_build_object('relationTo', ${sql.raw(`'${field.relationTo}'`)}, 'value', ${column}) end`
  if (field.kind === 'image')
    return sql`case when ${column} is null then null else json_build_object('id', ${column}, 'filename', coalesce((select ${images.filename} from ${images} where ${images.id} = ${column}), '')) end`
  if (field.kind === 'date') return iso(column)
  return sql`${column}`
}

const quoted = (name: string) => sql.raw(`"${name}"`)

/**
 * The doc of each row read, as JSON text; null for a tombstone. `row_to_json`
 * over named columns, not `json_build_object`: the same keys in the same
 * order, without the spaces json_build_object writes around every colon and
 * comma (8 % more bytes to send and to parse).
 */
function docJson(collection: ServerCollection): SQL {
  const { table } = collection
  const columns: SQL[] = [
    sql`${table.id} as "id"`,
    ...collection.fields.map((field) => sql`${fieldValue(field)} as ${quoted(field.name)}`),
    sql`${table.version} as "version"`,
    sql`${iso(table.createdAt)} as "createdAt"`,
    sql`${iso(table.updatedAt)} as "updatedAt"`,
  ]
  return sql`case when ${table.deletedAt} is null then (select row_to_json(doc)::text from (select ${sql.join(columns, sql`, `)}) doc) end`
}

const built = new Map<string, SQL>()

/**
 * One change of `collection` as JSON text: `{ collection, id, version, seq,
 * deleted, doc }`. Ids are uuids and the rest numbers, booleans or the
 * database's own JSON, so nothing here needs escaping.
 */
export function changeJson(collection: ServerCollection): SQL {
  const known = built.get(collection.name)
  if (known) return known
  const { table } = collection
  const change = sql`'{"collection":"${sql.raw(collection.name)}","id":"' || ${table.id} || '","version":' || ${table.version} || ',"seq":' || ${table.seq} || ',"deleted":' || case when ${table.deletedAt} is null then 'false' else 'true' end || ',"doc":' || coalesce(${docJson(collection)}, 'null') || '}'`
  built.set(collection.name, change)
  return change
}
