import type { ImageRef } from './images'

/**
 * The REST contract's shapes (docs/api.md), shared by the server that answers
 * them and the client that reads them.
 */

export interface ListResponse<T> {
  docs: T[]
  totalDocs: number
  limit: number
  totalPages: number
  page: number
  pagingCounter: number
  hasPrevPage: boolean
  hasNextPage: boolean
  prevPage: number | null
  nextPage: number | null
}

export type RoleName = 'Admin' | 'User'

export interface Role {
  id: string
  roleName: RoleName
}

export interface User {
  id: string
  email: string
  firstName: string
  lastName: string
  role: Role
  userImage?: ImageRef | null
}

export interface LoginResponse {
  message: string
  user: User
  /** Session expiry, seconds since the epoch. */
  exp: number
}

export interface MeResponse {
  user: User | null
}

/** One entry of the change feed: a current doc, or a tombstone when `deleted`. */
export interface Change<T = Record<string, unknown>> {
  collection: string
  id: string
  version: number
  seq: number
  deleted: boolean
  doc: T | null
}

export interface ChangesResponse {
  changes: Change[]
  /** Pass back as `since` to read on; a string because it is a bigint on the server. */
  cursor: string
  hasMore: boolean
  /** On a read from the start (since=0): how many changes there are in all, for the first download's progress. */
  total?: number
}

/**
 * One change of POST /api/sync/batch: the request it stands for, told as its parts (docs/api.md,
 * "Batches of changes").
 */
export interface BatchChange {
  method: string
  /** The request's path under /api/, e.g. `contacts` or `contacts/<id>`. */
  path: string
  /** Its Idempotency-Key: required, as a batch is only ever a queue being replayed. */
  key: string
  /** Its If-Match header, e.g. `"3"`. */
  ifMatch?: string
  /** Its Outpost-Made-At header. */
  madeAt?: string
  body?: unknown
}

/** Each change's answer in a batch, in order: what it would have answered alone. */
export interface BatchAnswer {
  status: number
  body: unknown
  replayed?: boolean
}

/** Changes a batch may carry: a client sends its queue in batches of this many or fewer. */
export const MAX_BATCH_CHANGES = 100

/** Headers of the sync additions. */
export const IDEMPOTENCY_HEADER = 'idempotency-key'
/** A queued change's time on the device that made it (ISO 8601), for the record's history. */
export const MADE_AT_HEADER = 'outpost-made-at'
export const etagOf = (version: number) => `"${version}"`
export function versionOfEtag(etag: string | undefined): number | undefined {
  const match = etag?.match(/^(?:W\/)?"(\d+)"$/)
  return match ? Number(match[1]) : undefined
}

/**
 * An update from the outbox carries, beside the changed fields, the values
 * those fields had when the user edited them, under this key. With If-Match the
 * server applies a stale update anyway when every patched field still equals
 * its base (a field-level merge); otherwise it answers 412.
 */
export const BASE_KEY = '_base'
