/**
 * The writes a screen can make: each validates with the shared schema (so the
 * user sees the server's own field messages at once, even offline), then writes
 * mirror + outbox in one transaction and nudges the sync.
 */
import * as v from 'valibot'
import { attachImage, removeImage } from '../../db/image-writes'
import { createRecord, deleteRecord, updateRecord } from '../../db/record-writes'
import type { CollectionName } from '../../domain/collections'
import { collections } from '../../domain/collections'
import type { FieldError } from '../../domain/errors'
import { fieldErrors } from '../../domain/fields'
import type { SyncRuntime } from '../../sync/runtime'

export type SaveResult = { ok: true; id: string; changed: string[] } | { ok: false; errors: FieldError[] }

type Writes = SyncRuntime['writes']

function check(collection: CollectionName, mode: 'create' | 'patch', values: Record<string, unknown>) {
  const schema = collections[collection].schemas[mode] as v.GenericSchema<unknown, Record<string, unknown>>
  return v.safeParse(schema, values)
}

/**
 * What the mirror keeps: the parsed values (trimmed, defaults filled in, as the
 * server will store them), except references, which keep the shape the server
 * answers them in ({ relationTo, value }) rather than the bare id it accepts.
 */
function storedValues(input: Record<string, unknown>, output: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(output).map(([field, value]) => {
      const given = input[field]
      return [field, given !== null && typeof given === 'object' ? given : value]
    }),
  )
}

export async function addRecord(
  writes: Writes,
  collection: CollectionName,
  values: Record<string, unknown>,
): Promise<SaveResult> {
  const parsed = check(collection, 'create', values)
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.issues) }
  const stored = storedValues(values, parsed.output)
  const id = await createRecord(writes, collection, stored)
  writes.afterWrite()
  return { ok: true, id, changed: Object.keys(stored) }
}

export async function saveRecord(
  writes: Writes,
  collection: CollectionName,
  id: string,
  values: Record<string, unknown>,
): Promise<SaveResult> {
  const parsed = check(collection, 'patch', values)
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.issues) }
  const changed = await updateRecord(writes, collection, id, storedValues(values, parsed.output))
  if (changed.length) writes.afterWrite()
  return { ok: true, id, changed }
}

export async function removeRecord(writes: Writes, collection: CollectionName, id: string) {
  await deleteRecord(writes, collection, id)
  writes.afterWrite()
}

/** A file chosen for the record's image: kept on this device and uploaded before the record points at it. */
export async function setImage(writes: Writes, collection: CollectionName, id: string, file: File) {
  await attachImage(writes, collection, id, file, file.name)
  writes.afterWrite()
}

/** The record's image removed: the field becomes null. */
export async function clearImage(writes: Writes, collection: CollectionName, id: string) {
  await removeImage(writes, collection, id)
  writes.afterWrite()
}
