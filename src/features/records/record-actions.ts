/**
 * The writes a screen can make: each validates with the shared schema (so the
 * user sees the server's own field messages at once, even offline), then writes
 * mirror + outbox in one transaction and nudges the sync.
 */
import * as v from 'valibot'
import type { CollectionName } from '../../domain/collections'
import { collections } from '../../domain/collections'
import type { FieldError } from '../../domain/errors'
import { fieldErrors } from '../../domain/fields'
import { createRecord, deleteRecord, updateRecord } from '../../db/record-writes'
import type { SyncRuntime } from '../../sync/runtime'

export type SaveResult = { ok: true; id: string; changed: string[] } | { ok: false; errors: FieldError[] }

type Writes = SyncRuntime['writes']

function check(collection: CollectionName, mode: 'create' | 'patch', values: Record<string, unknown>) {
  const schema = collections[collection].schemas[mode] as v.GenericSchema
  return v.safeParse(schema, values)
}

export async function addRecord(writes: Writes, collection: CollectionName, values: Record<string, unknown>): Promise<SaveResult> {
  const parsed = check(collection, 'create', values)
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.issues) }
  const id = await createRecord(writes, collection, values)
  writes.afterWrite()
  return { ok: true, id, changed: Object.keys(values) }
}

export async function saveRecord(
  writes: Writes,
  collection: CollectionName,
  id: string,
  values: Record<string, unknown>,
): Promise<SaveResult> {
  const parsed = check(collection, 'patch', values)
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.issues) }
  const changed = await updateRecord(writes, collection, id, values)
  if (changed.length) writes.afterWrite()
  return { ok: true, id, changed }
}

export async function removeRecord(writes: Writes, collection: CollectionName, id: string) {
  await deleteRecord(writes, collection, id)
  writes.afterWrite()
}
