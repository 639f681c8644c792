/** The typed calls of the product that the sync layer makes, one function each. */

import type { CollectionName, MirroredName } from '../domain/collections'
import type {
  BatchAnswer,
  BatchChange,
  ChangesResponse,
  ListResponse,
  LoginResponse,
  MeResponse,
} from '../domain/rest'
import { BASE_KEY, etagOf, IDEMPOTENCY_HEADER, MADE_AT_HEADER } from '../domain/rest'
import type { ApiRequest, ApiResponse, Transport } from './http'

export type Answer<T> = ApiResponse & { body: T }

export function login(transport: Transport, email: string, password: string) {
  // the login call sends form data.
  const form = new FormData()
  form.set('email', email)
  form.set('password', password)
  return transport({ method: 'POST', path: 'users/login', body: form }) as Promise<Answer<LoginResponse>>
}

/** Who the server's session cookie belongs to; `user: null` when it has none, never a 401. */
export function me(transport: Transport) {
  return transport({ method: 'GET', path: 'users/me' }) as Promise<Answer<MeResponse>>
}

export function register(
  transport: Transport,
  details: { email: string; password: string; confirmPassword: string; newsletter?: boolean },
) {
  // The product's register call names the email `username`.
  return transport({
    method: 'POST',
    path: 'register',
    body: {
      username: details.email,
      password: details.password,
      confirmPassword: details.confirmPassword,
      newsletter: details.newsletter === true,
    },
  })
}

export function logout(transport: Transport) {
  return transport({ method: 'POST', path: 'users/logout', body: {} })
}

export function listPage(
  transport: Transport,
  collection: CollectionName,
  query: { where?: unknown; page: number; size: number; sort?: string },
) {
  return transport({
    method: 'GET',
    path: collection,
    query: { where: query.where, page: { number: query.page, size: query.size }, sort: query.sort },
  }) as Promise<Answer<ListResponse<Record<string, unknown>>>>
}

export function changes(transport: Transport, since: string, limit: number) {
  return transport({ method: 'GET', path: 'sync/changes', query: { since, limit } }) as Promise<
    Answer<ChangesResponse>
  >
}

/** A queued change as its write says it: its op's id, when it was made on the device, and its version. */
export interface QueuedWrite {
  opId: string
  /** Epoch ms: the time the change was queued, for the record's history. */
  createdAt: number
  baseVersion?: number | null
}

const headersOf = ({ opId, createdAt, baseVersion }: QueuedWrite) => ({
  [IDEMPOTENCY_HEADER]: opId,
  [MADE_AT_HEADER]: new Date(createdAt).toISOString(),
  ...(baseVersion ? { 'if-match': etagOf(baseVersion) } : {}),
})

/** The request a queued create stands for, sent alone or in a batch (`sendBatch`). */
export const createRequest = (
  collection: MirroredName,
  write: QueuedWrite,
  doc: Record<string, unknown>,
): ApiRequest => ({ method: 'POST', path: collection, headers: headersOf(write), body: doc })

export const updateRequest = (
  collection: MirroredName,
  id: string,
  change: QueuedWrite & { patch: Record<string, unknown>; base: Record<string, unknown> },
): ApiRequest => ({
  method: 'PATCH',
  path: `${collection}/${id}`,
  headers: headersOf(change),
  body: { ...change.patch, [BASE_KEY]: change.base },
})

export const deleteRequest = (collection: MirroredName, id: string, write: QueuedWrite): ApiRequest => ({
  method: 'DELETE',
  path: `${collection}/${id}`,
  headers: headersOf(write),
})

/**
 * Queued writes in one request (docs/api.md, "Batches of changes"): each told as its method, path,
 * headers and body, as `createRequest`, `updateRequest` and `deleteRequest` make them.
 */
export function sendBatch(transport: Transport, requests: ApiRequest[]) {
  const changes = requests.map(
    ({ method, path, headers = {}, body }): BatchChange => ({
      method,
      path,
      key: headers[IDEMPOTENCY_HEADER] as string,
      ifMatch: headers['if-match'],
      madeAt: headers[MADE_AT_HEADER],
      body,
    }),
  )
  return transport({ method: 'POST', path: 'sync/batch', body: { changes } }) as Promise<
    Answer<{ answers?: BatchAnswer[] } | undefined>
  >
}

/** Multipart upload of an image under the id the client gave it (a retried upload answers the same doc). */
export function uploadImage(
  transport: Transport,
  kind: string,
  opId: string,
  image: { id: string; blob: Blob; filename: string },
) {
  const form = new FormData()
  form.set('id', image.id)
  form.set('file', image.blob, image.filename)
  return transport({ method: 'POST', path: kind, headers: { [IDEMPOTENCY_HEADER]: opId }, body: form })
}

export function getDoc(transport: Transport, collection: MirroredName, id: string, timeoutMs?: number) {
  return transport({ method: 'GET', path: `${collection}/${id}`, timeoutMs })
}
