/**
 * The one door for every local write a screen makes: records (add, save, remove, their images), one's
 * own profile and account, the decisions about changes the server did not take, forms' drafts
 * (kept on the device only), and the mirror's eviction token (src/db/eviction.ts). Each record write
 * lands in the mirror and the outbox in one transaction (src/db/record-writes.ts), then nudges the
 * sync. Record writes validate with the shared schema first, so the user sees the server's own field
 * messages at once, even offline. Screens reach it as `useRuntime().mutate`; the lint keeps them from
 * the db writes.
 */
import * as v from 'valibot'
import { dropDraft, keepDraft, type StoredDraft } from '../db/drafts'
import { ensureMirrorToken } from '../db/eviction'
import { attachImage, removeImage } from '../db/image-writes'
import type { ImportChunk, ImportProgress } from '../db/import-writes'
import type { OutboxOp } from '../db/outbox-types'
import {
  createRecord,
  deleteRecord,
  undoDelete,
  updateRecord,
  type WriteContext,
  writeTables,
} from '../db/record-writes'
import { type CollectionName, collections, type MirroredName } from '../domain/collections'
import type { FieldError } from '../domain/errors'
import { fieldErrors, type Relationship } from '../domain/fields'
import type { Account } from '../domain/user'
import { storeAccount } from './pull-account'
import type { Choice } from './resolve'
import type { UserCalls } from './user-calls'

/** How long a delete stays on the device, to be undone, before the sync may send it. */
export const UNDO_MS = 8_000

export type SaveResult = { ok: true; id: string; changed: string[] } | { ok: false; errors: FieldError[] }

export type SaveManyResult =
  | { ok: true; changed: number; undo: () => Promise<number> }
  | { ok: false; errors: FieldError[] }

export type NewRelated = { ok: true; relationship: Relationship } | { ok: false; errors: FieldError[] }

export interface Mutators {
  /**
   * A record a form's relation asks for ('Add New Company'), checked but written nowhere: the
   * relationship to put in the form, made with the form's save (add or save).
   */
  newRelated(collection: CollectionName, values: Record<string, unknown>): NewRelated
  /** A new record, validated: its id, or the fields' messages. */
  add(collection: CollectionName, values: Record<string, unknown>): Promise<SaveResult>
  /** The changed fields of a record, validated: the fields that really changed, or the fields' messages. */
  save(collection: CollectionName, id: string, values: Record<string, unknown>): Promise<SaveResult>
  /**
   * Deletes a record on this device; it waits UNDO_MS before it may be sent. Answers its undo: the
   * record back as it was while the delete has not left, else false (it reached the server).
   */
  remove(collection: CollectionName, id: string): Promise<() => Promise<boolean>>
  /**
   * Deletes many records of a collection on this device at once (a list's selection), each waiting
   * UNDO_MS before it may be sent, as `remove` does. Answers its undo: how many came back.
   */
  removeMany(collection: CollectionName, ids: readonly string[]): Promise<() => Promise<number>>
  /**
   * Sets the same fields of many records of a collection at once (a list's selection), validated as an
   * edit is: how many changed and their undo (how many came back), or the fields' messages.
   */
  saveMany(
    collection: CollectionName,
    ids: readonly string[],
    values: Record<string, unknown>,
  ): Promise<SaveManyResult>
  /**
   * One chunk of an import's rows saved on this device, with how far the import has come, in one write
   * (db/import-writes.ts): answers how many records it made.
   */
  importChunk(
    collection: MirroredName,
    chunk: ImportChunk,
    progress: { fileHash: string; value: ImportProgress },
  ): Promise<number>
  /** An import of a file ended: nothing is left of it to go on with. */
  endImport(collection: MirroredName, fileHash: string): Promise<void>
  /** A file chosen for the record's image: kept on this device and uploaded before the record points at it. */
  setImage(collection: MirroredName, id: string, file: File): Promise<void>
  /** The record's image removed: the field becomes null. */
  clearImage(collection: MirroredName, id: string): Promise<void>
  /** One's own profile fields, checked by the profile form: saved offline like any record. */
  saveProfile(id: string, patch: Record<string, unknown>): Promise<void>
  /**
   * An account change that needs the server at once (an email, an Admin's edit of a member): sent now,
   * and when it is the signed-in user's own account, stored here so My Profile and the sidebar show it.
   */
  updateAccount(id: string, changes: Record<string, unknown>): Promise<Account>
  /** A conflict settled field by field (all 'mine' keeps mine, all 'theirs' takes theirs). */
  resolveConflict(op: OutboxOp, choices: Record<string, Choice>): Promise<void>
  /** A refused change sent again as it is. */
  retry(op: OutboxOp): Promise<void>
  /** A refused or conflicting change given up: the server's version is shown again. */
  discard(op: OutboxOp): Promise<void>
  /** The notice of a record deleted elsewhere, read and put away. */
  dismissNotice(id: number): Promise<void>
  /** A form's unsaved typing, kept on this device as it is typed (db/drafts.ts). */
  keepDraft(draft: Omit<StoredDraft, 'savedAt'>): Promise<void>
  /** A form's draft gone: saved, or discarded by its author. */
  dropDraft(key: string): Promise<void>
  /**
   * The mirror's eviction token in its meta table (src/db/eviction.ts), made in one transaction when
   * there is none, so two tabs agree on it: the device marker (src/session/device-marker.ts) names it.
   */
  ensureMirrorToken(): Promise<string>
}

export interface MutatorDeps {
  /** The device's database and the signed-in user, whose changes these are. */
  writes: WriteContext
  users: UserCalls
  /** The sync engine's discard: it may read the server's copy of the record. */
  discard: (op: OutboxOp) => Promise<void>
  /** Lets the sync push soon (and the service worker, should the tab close first). */
  afterWrite: () => void
}

/**
 * The writes of many records at once (a bulk edit or delete, an import's chunks), loaded with their first
 * use: they are not the first screen's JavaScript, which has a budget (tests/e2e/budgets.test.ts).
 */
const manyAtOnce = () => import('../db/bulk-writes')
const importWrites = () => import('../db/import-writes')
/** A change settled by the person (sync-issues), loaded with the first: as rare as they are. */
const settling = () => import('./resolve')

const check = (collection: CollectionName, mode: 'create' | 'patch', values: Record<string, unknown>) =>
  v.safeParse(collections[collection].schemas[mode], values)

/**
 * What the mirror keeps: the parsed values (trimmed, defaults filled in, as the server will store them),
 * except references, which keep the shape the server answers them in ({ relationTo, value }) rather than
 * the bare id it accepts.
 */
function storedValues(input: Record<string, unknown>, output: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(output).map(([field, value]) => {
      const given = input[field]
      return [field, given !== null && typeof given === 'object' ? given : value]
    }),
  )
}

interface Related {
  field: string
  collection: CollectionName
  id: string
  values: Record<string, unknown>
}

const isCollection = (name: string): name is CollectionName => name in collections

/** The relations that ask for a new record, and the values with bare relationships in their place. */
function splitRelated(values: Record<string, unknown>) {
  const related: Related[] = []
  const record: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(values)) {
    const relationship = value as Partial<Relationship> | null
    if (relationship?.create && relationship.relationTo && isCollection(relationship.relationTo)) {
      const { create, ...bare } = relationship as Relationship
      related.push({
        field,
        collection: relationship.relationTo,
        id: bare.value,
        values: create as Record<string, unknown>,
      })
      record[field] = bare
    } else record[field] = value
  }
  return { record, related }
}

/** The related records' own check: a refusal is reported on the field that asked for them. */
function checkRelated(related: readonly Related[]): FieldError[] {
  return related.flatMap(({ field, collection, values }) => {
    const parsed = check(collection, 'create', values)
    return parsed.success
      ? []
      : [{ field, message: fieldErrors(parsed.issues)[0]?.message ?? 'Invalid value.' }]
  })
}

export function mutators({ writes, users, discard, afterWrite }: MutatorDeps): Mutators {
  const { db, userId } = writes
  /** Runs a write, then nudges the sync. */
  const nudging = async <T>(write: Promise<T>) => {
    const result = await write
    afterWrite()
    return result
  }
  /** Runs `write` after making the related records it points at, all in one transaction. */
  const withRelated = <T>(related: readonly Related[], write: () => Promise<T>) =>
    related.length === 0
      ? write()
      : db.transaction('rw', writeTables(db), async () => {
          for (const { collection, id, values } of related) {
            const parsed = check(collection, 'create', values)
            if (!parsed.success) throw new Error(`The new ${collection} record no longer passes its check.`)
            await createRecord(
              { ...writes, newId: () => id },
              collection,
              storedValues(values, parsed.output),
            )
          }
          return write()
        })
  return {
    newRelated(collection, values) {
      const parsed = check(collection, 'create', values)
      if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.issues) }
      return {
        ok: true,
        relationship: { relationTo: collection, value: crypto.randomUUID(), create: values },
      }
    },
    async add(collection, values) {
      const { record, related } = splitRelated(values)
      const parsed = check(collection, 'create', record)
      const errors = [...(parsed.success ? [] : fieldErrors(parsed.issues)), ...checkRelated(related)]
      if (!parsed.success || errors.length) return { ok: false, errors }
      const stored = storedValues(record, parsed.output)
      const id = await nudging(withRelated(related, () => createRecord(writes, collection, stored)))
      return { ok: true, id, changed: Object.keys(stored) }
    },
    async save(collection, id, values) {
      const { record, related } = splitRelated(values)
      const parsed = check(collection, 'patch', record)
      const errors = [...(parsed.success ? [] : fieldErrors(parsed.issues)), ...checkRelated(related)]
      if (!parsed.success || errors.length) return { ok: false, errors }
      const stored = storedValues(record, parsed.output)
      const changed = await withRelated(related, () => updateRecord(writes, collection, id, stored))
      if (changed.length) afterWrite()
      return { ok: true, id, changed }
    },
    async remove(collection, id) {
      const deleted = await nudging(deleteRecord(writes, collection, id, { holdMs: UNDO_MS }))
      return async () => {
        const undone = await undoDelete(writes, deleted)
        if (undone) afterWrite()
        return undone
      }
    },
    async removeMany(collection, ids) {
      const { deleteRecords, undoDeletes } = await manyAtOnce()
      const deleted = await nudging(deleteRecords(writes, collection, ids, { holdMs: UNDO_MS }))
      return async () => {
        const undone = await undoDeletes(writes, deleted)
        if (undone > 0) afterWrite()
        return undone
      }
    },
    async saveMany(collection, ids, values) {
      const { record, related } = splitRelated(values)
      const parsed = check(collection, 'patch', record)
      const errors = [...(parsed.success ? [] : fieldErrors(parsed.issues)), ...checkRelated(related)]
      if (!parsed.success || errors.length) return { ok: false, errors }
      const stored = storedValues(record, parsed.output)
      const { updateRecords, undoEdits } = await manyAtOnce()
      const edited = await withRelated(related, () =>
        updateRecords(
          writes,
          collection,
          ids.map((id) => ({ id, values: stored })),
        ),
      )
      if (edited.length) afterWrite()
      return {
        ok: true,
        changed: edited.length,
        undo: async () => {
          const undone = await undoEdits(writes, collection, edited, stored)
          if (undone > 0) afterWrite()
          return undone
        },
      }
    },
    importChunk: async (collection, chunk, progress) => {
      const { writeImportChunk } = await importWrites()
      return nudging(writeImportChunk(writes, collection, chunk, progress))
    },
    endImport: async (collection, fileHash) => (await importWrites()).endImport(db, collection, fileHash),
    setImage: async (collection, id, file) => {
      await nudging(attachImage(writes, collection, id, file, file.name))
    },
    clearImage: async (collection, id) => {
      await nudging(removeImage(writes, collection, id))
    },
    saveProfile: async (id, patch) => {
      await nudging(updateRecord(writes, 'users', id, patch))
    },
    async updateAccount(id, changes) {
      const updated = await users.update(id, changes)
      if (updated.id === userId) await storeAccount(db, updated)
      return updated
    },
    resolveConflict: (op, choices) =>
      nudging(settling().then(({ resolveConflict }) => resolveConflict(db, op, choices))),
    retry: (op) => nudging(settling().then(({ retryChange }) => retryChange(db, op))),
    discard,
    dismissNotice: (id) => settling().then(({ dismissNotice }) => dismissNotice(db, id)),
    keepDraft: async (draft) => void (await keepDraft(db, draft)),
    dropDraft: (key) => dropDraft(db, key),
    ensureMirrorToken: () => ensureMirrorToken(db),
  }
}
