/**
 * What a collection's or an account's read or write, or an upload, refuses, in the domain's words.
 * Collections, users, auth and images know no HTTP: the error handler answers each refusal with its status and the documented
 * error body (server/http/refusals.ts).
 */
import type { FieldError } from '../src/domain/errors'

/** A deleted record's tombstone, as a row carries it. */
export interface Tombstone {
  collection: string
  id: unknown
  version: unknown
  deletedAt: unknown
}

export type Refusal =
  /** A body whose fields do not pass the entity's checks (or point at records that do not exist). */
  | { kind: 'invalid'; fields: FieldError[] }
  /** A list query that cannot run: unknown field or operator, a value of the wrong kind, too much. */
  | { kind: 'query'; message: string }
  | { kind: 'not-found' }
  /** Deleted: with what a client needs to apply the deletion itself. */
  | { kind: 'gone'; tombstone: Tombstone }
  /** A restore of a record that is not deleted: nothing to bring back. */
  | { kind: 'not-deleted'; label: string }
  /** The version the write was based on has moved on: the fields that moved, and the current doc. */
  | { kind: 'stale'; fields: string[]; doc: unknown }
  /** The change feed no longer reaches back to the client's cursor (tombstones purged). */
  | { kind: 'resync' }
  /** A cursor this database never issued: the client's state came from another one (a restore). */
  | { kind: 'cursor-ahead' }
  /** Allowed to ask, but not this: the words say why (the last Admin cannot stop being one). */
  | { kind: 'forbidden'; message: string }
  /** An upload beyond what the server takes (an image's pixels, or its time to process). */
  | { kind: 'too-large'; message: string }
  /** An upload the server cannot read as what it says it is (a damaged image). */
  | { kind: 'unreadable'; message: string }

export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(`refused: ${refusal.kind}`)
    this.name = 'Refused'
  }
}

export const invalid = (fields: FieldError[]) => new Refused({ kind: 'invalid', fields })
export const badQuery = (message: string) => new Refused({ kind: 'query', message })
export const notFound = () => new Refused({ kind: 'not-found' })
export const gone = (tombstone: Tombstone) => new Refused({ kind: 'gone', tombstone })
export const notDeleted = (label: string) => new Refused({ kind: 'not-deleted', label })
export const stale = (fields: string[], doc: unknown) => new Refused({ kind: 'stale', fields, doc })
export const resyncRequired = () => new Refused({ kind: 'resync' })
export const cursorAhead = () => new Refused({ kind: 'cursor-ahead' })
export const forbiddenBecause = (message: string) => new Refused({ kind: 'forbidden', message })
export const tooLargeBecause = (message: string) => new Refused({ kind: 'too-large', message })
export const unreadableBecause = (message: string) => new Refused({ kind: 'unreadable', message })
