/**
 * The body of POST /api/sync/batch (docs/api.md, "Batches of changes"): `{ changes: [...] }`, each
 * change the request it stands for, told as its parts. What makes the whole batch unreadable is a
 * 400 here, before anything runs; what is wrong with one change (an unknown path, a bad id or
 * If-Match) is that change's own answer (routes/batch.ts), as it would be sent alone.
 */
import { type BatchChange, MAX_BATCH_CHANGES } from '../../src/domain/rest'
import { badRequest } from './errors'
import { KEY_PATTERN } from './idempotency'

const KNOWN = new Set(['method', 'path', 'key', 'ifMatch', 'madeAt', 'body'])

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function parseBatch(body: unknown): BatchChange[] {
  const changes = isObject(body) ? body.changes : undefined
  if (!Array.isArray(changes)) throw badRequest('A batch must be an object with a list of changes.')
  if (changes.length === 0 || changes.length > MAX_BATCH_CHANGES)
    throw badRequest(`A batch must hold 1 to ${MAX_BATCH_CHANGES} changes.`)
  return changes.map(changeAt)
}

function changeAt(change: unknown, index: number): BatchChange {
  const at = `changes[${index}]`
  if (!isObject(change)) throw badRequest(`${at} must be an object.`)
  const unknown = Object.keys(change).find((name) => !KNOWN.has(name))
  if (unknown !== undefined) throw badRequest(`${at} has an unknown key "${unknown}".`)
  const { method, path, key, ifMatch, madeAt, body } = change
  if (typeof method !== 'string') throw badRequest(`${at}.method must be a string.`)
  if (typeof path !== 'string') throw badRequest(`${at}.path must be a string.`)
  if (typeof key !== 'string' || !KEY_PATTERN.test(key))
    throw badRequest(`${at}.key must be 1 to 200 visible ASCII characters.`)
  if (ifMatch !== undefined && typeof ifMatch !== 'string')
    throw badRequest(`${at}.ifMatch must be a string.`)
  if (madeAt !== undefined && typeof madeAt !== 'string') throw badRequest(`${at}.madeAt must be a string.`)
  return { method, path, key, ifMatch, madeAt, body }
}
