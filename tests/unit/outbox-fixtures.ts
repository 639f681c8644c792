/** Outbox states built straight in Dexie, as the sync engine leaves them after the server's answer. */
import type { OutpostDb } from '../../src/db/database'
import type { OutboxOp } from '../../src/db/outbox-types'
import type { ErrorBody } from '../../src/domain/errors'

export const CONTACT_ID = '00000000-0000-4000-8000-000000000001'

export function queueOp(db: OutpostDb, op: Partial<OutboxOp> & Pick<OutboxOp, 'kind' | 'status'>) {
  return db.outbox.add({
    opId: crypto.randomUUID(),
    userId: 'u1',
    collection: 'contacts',
    recordId: CONTACT_ID,
    patch: {},
    base: {},
    baseVersion: 1,
    deps: [],
    attempts: 1,
    nextAttemptAt: 0,
    createdAt: Date.UTC(2024, 2, 5, 14, 30),
    ...op,
  })
}

export function errorBody(field: string, message: string, name = 'ValidationError'): ErrorBody {
  return {
    errors: [
      { name, title: `The following field is invalid: ${field}`, message, data: [{ field, message }] },
    ],
  }
}

/** 412: the user changed title and phone of the first seeded contact; the server has version 2 with others. */
export async function queueConflict(db: OutpostDb, kind: 'update' | 'delete' = 'update') {
  const row = await db.contacts.get(CONTACT_ID)
  if (!row) throw new Error('Seed the contacts first.')
  const serverDoc = { ...row, version: 2, title: 'Professor', phone: '+1 999' }
  const body = errorBody('title', 'This record was changed by someone else.', 'ConflictError')
  const lastError = {
    status: 412,
    message: 'Error while saving - This record was changed by someone else. (title)',
    body,
  }
  if (kind === 'delete') {
    // A local deletion is already gone from the mirror; its op keeps the record as it was.
    await db.contacts.delete(CONTACT_ID)
    const { id: _, version: __, createdAt: ___, updatedAt: ____, ...before } = row
    return queueOp(db, { kind, status: 'conflict', serverDoc, lastError, before })
  }
  // The mirror shows the user's version: the base with their patch over it.
  await db.contacts.update(CONTACT_ID, { title: 'Doctor', phone: '+1 222' })
  return queueOp(db, {
    kind,
    status: 'conflict',
    patch: { title: 'Doctor', phone: '+1 222' },
    base: { title: row.title, phone: row.phone },
    serverDoc,
    lastError,
  })
}
