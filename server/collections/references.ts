/**
 * References between records. A write may only point a relationship at a live
 * record and an image field at an uploaded image of the field's own kind (a
 * 400 on the field otherwise). Deleting a record clears the relationships that
 * point at it in the same transaction, as writes of their own (new version and
 * seq), so every client learns it from the change feed.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { FieldError } from '../../src/domain/errors'
import type { HistoryLink } from '../db/schema'
import { nextSeq, type Tx } from '../db/write'
import { findImage } from '../images/store'
import { invalid } from '../refusals'
import type { Row } from './docs'
import { type Actor, recordEvents } from './history'
import { collectionByName, type ServerCollection, type ServerField, serverCollections } from './registry'

const imageWords = (kind: string) => kind.replace('-', ' ')
const missing = (target: ServerCollection) => `No ${target.spec.label} with this id exists.`
/** How `known` files what was found for a field and id. */
const knownKey = (field: ServerField, id: string) => `${field.name} ${id}`

async function problem(tx: Tx, field: ServerField, id: string): Promise<string | undefined> {
  if (field.kind === 'relation' && field.relationTo) {
    const target = collectionByName.get(field.relationTo)
    if (!target) return undefined
    const [row] = await tx
      .select({ id: target.table.id })
      .from(target.table)
      .where(and(eq(target.table.id, id), isNull(target.table.deletedAt)))
    return row ? undefined : missing(target)
  }
  if (field.kind === 'image' && field.imageKind) {
    const image = await findImage(tx, id)
    return image?.kind === field.imageKind
      ? undefined
      : `Must be the id of an uploaded ${imageWords(field.imageKind)}.`
  }
  return undefined
}

/**
 * Throws a ValidationError naming every reference in `values` (API names) that points at nothing.
 * `known` keeps what was found for a field and id across the creates of one batch, which point at
 * the same few companies again and again; it holds only within one write transaction.
 */
export async function checkReferences(
  tx: Tx,
  collection: ServerCollection,
  values: Record<string, unknown>,
  known?: Map<string, string | undefined>,
) {
  const errors: FieldError[] = []
  for (const field of collection.fields) {
    const id = values[field.name]
    if (typeof id !== 'string') continue
    const seen = knownKey(field, id)
    const message = known?.has(seen) ? known.get(seen) : await problem(tx, field, id)
    known?.set(seen, message)
    if (message) errors.push({ field: field.name, message })
  }
  if (errors.length) throw invalid(errors)
}

/**
 * What `checkReferences` would find for every relationship the creates of a batch name, looked up
 * with one statement a field: a device's queue of new contacts names a hundred companies a batch,
 * and one query each cost most of the batch. Call under the write lock, so none of them changes
 * before the creates are written; images are left to `checkReferences`, one at a time.
 */
export async function knownReferences(
  tx: Tx,
  collection: ServerCollection,
  creates: Record<string, unknown>[],
): Promise<Map<string, string | undefined>> {
  const known = new Map<string, string | undefined>()
  for (const field of collection.fields) {
    const target = field.kind === 'relation' && field.relationTo && collectionByName.get(field.relationTo)
    if (!target) continue
    const ids = [...new Set(creates.map((values) => values[field.name]))].filter(
      (id): id is string => typeof id === 'string',
    )
    if (ids.length === 0) continue
    const live = await tx
      .select({ id: target.table.id })
      .from(target.table)
      .where(and(inArray(target.table.id, ids), isNull(target.table.deletedAt)))
    const found = new Set(live.map((row) => row.id as string))
    for (const id of ids) known.set(knownKey(field, id), found.has(id) ? undefined : missing(target))
  }
  return known
}

/** Collections with a relationship to `name`, and the fields that hold it. */
const referrersOf = (name: string) =>
  serverCollections.flatMap((collection) =>
    collection.fields
      .filter((field) => field.kind === 'relation' && field.relationTo === name)
      .map((field) => ({ collection, field })),
  )

/**
 * Clears every live relationship pointing at the deleted record; call under the
 * write lock. Answers what it cleared, for the delete's history (a restore
 * links them again).
 */
export async function clearReferencesTo(
  tx: Tx,
  deleted: ServerCollection,
  id: string,
  actor: Actor,
): Promise<HistoryLink[]> {
  const links: HistoryLink[] = []
  for (const { collection, field } of referrersOf(deleted.name)) {
    const rows = (await tx
      .update(collection.table)
      .set(relinkSet(collection, field, null))
      .where(and(eq(field.column, id), isNull(collection.table.deletedAt)))
      .returning()) as Row[]
    await recordEvents(tx, collection.name, 'unlinked', actor, rows, {
      changes: { [field.name]: { from: id, to: null } },
    })
    for (const row of rows)
      links.push({ collection: collection.name, id: row.id as string, field: field.name })
  }
  return links
}

/**
 * Points again at the restored record what its delete unlinked: each record
 * still live whose field is still empty (nobody has chosen another since).
 */
export async function restoreLinks(tx: Tx, restoredId: string, links: HistoryLink[], actor: Actor) {
  for (const link of links) {
    const collection = collectionByName.get(link.collection as never)
    const field = collection?.byName.get(link.field)
    if (!collection || !field) continue
    const { table } = collection
    const rows = (await tx
      .update(table)
      .set(relinkSet(collection, field, restoredId))
      .where(and(eq(table.id, link.id), isNull(field.column), isNull(table.deletedAt)))
      .returning()) as Row[]
    await recordEvents(tx, collection.name, 'relinked', actor, rows, {
      changes: { [field.name]: { from: null, to: restoredId } },
    })
  }
}

/** A relationship's new value, written as a change of its own (new version and seq). */
const relinkSet = (collection: ServerCollection, field: ServerField, value: string | null) =>
  ({
    [field.key]: value,
    version: sql`${collection.table.version} + 1`,
    updatedAt: sql`clock_timestamp()`,
    seq: nextSeq(),
  }) as never

/**
 * Points at `keptId` every live relationship that points at `mergedId` (a company merged into
 * another: its contacts move to the one kept), each a write of its own, said in its history.
 */
export async function moveReferences(
  tx: Tx,
  merged: ServerCollection,
  mergedId: string,
  keptId: string,
  actor: Actor,
) {
  for (const { collection, field } of referrersOf(merged.name)) {
    const rows = (await tx
      .update(collection.table)
      .set(relinkSet(collection, field, keptId))
      .where(and(eq(field.column, mergedId), isNull(collection.table.deletedAt)))
      .returning()) as Row[]
    await recordEvents(tx, collection.name, 'updated', actor, rows, {
      changes: { [field.name]: { from: mergedId, to: keptId } },
    })
  }
}
