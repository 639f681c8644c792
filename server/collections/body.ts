/**
 * Validation of write bodies with the collection's valibot schemas
 * (src/domain), answering Payload's ValidationError with `{ field, message }`.
 */
import * as v from 'valibot'
import { fieldErrors, uuid } from '../../src/domain/fields'
import { BASE_KEY } from '../../src/domain/rest'
import { nulFields } from '../db/nul'
import { invalid } from '../refusals'
import type { ServerCollection } from './registry'

/** Read-only keys a client may echo back from a doc it loaded; they are ignored, not rejected. */
const READ_ONLY = ['createdAt', 'updatedAt', 'version'] as const

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function object(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) throw invalid([{ field: 'body', message: 'Must be a JSON object.' }])
  const nul = nulFields(body)
  if (nul.length) throw invalid(nul)
  const rest = { ...body }
  for (const key of READ_ONLY) delete rest[key]
  return rest
}

function parse<T>(schema: v.GenericSchema<unknown, T>, input: unknown): T {
  const result = v.safeParse(schema, input)
  if (!result.success) throw invalid(fieldErrors(result.issues))
  return result.output
}

/** A create: the fields, and the client-generated id when there is one. */
export function parseCreate(collection: ServerCollection, body: unknown) {
  const { id, ...rest } = object(body)
  const idResult = id === undefined ? undefined : v.safeParse(uuid, id)
  const fieldResult = v.safeParse(collection.spec.schemas.create, rest)
  const issues = [
    ...(idResult && !idResult.success
      ? fieldErrors(idResult.issues).map((e) => ({ ...e, field: 'id' }))
      : []),
    ...(fieldResult.success ? [] : fieldErrors(fieldResult.issues)),
  ]
  if (issues.length || !fieldResult.success) throw invalid(issues)
  return { id: (id as string | undefined)?.toLowerCase(), values: fieldResult.output }
}

/** An update: the changed fields, and `_base` (their values when the client edited them). */
export function parsePatch(collection: ServerCollection, body: unknown, routeId: string) {
  const { [BASE_KEY]: base, id, ...rest } = object(body)
  if (id !== undefined && (typeof id !== 'string' || id.toLowerCase() !== routeId)) {
    throw invalid([{ field: 'id', message: 'The id cannot be changed.' }])
  }
  if (base !== undefined && !isRecord(base)) {
    throw invalid([{ field: BASE_KEY, message: 'Must be an object of field values.' }])
  }
  const values = parse(collection.spec.schemas.patch, rest)
  // valibot's optional() keeps absent keys absent; drop any undefined left so only real changes count.
  for (const key of Object.keys(values)) if (values[key] === undefined) delete values[key]
  return { values, base }
}

/** A merge: the record merged into this one (`from`), and the values the kept record takes. */
export function parseMerge(collection: ServerCollection, body: unknown, routeId: string) {
  const { from, values = {}, ...rest } = object(body)
  const unknown = Object.keys(rest)[0]
  if (unknown !== undefined) throw invalid([{ field: unknown, message: 'Unknown field.' }])
  const fromResult = v.safeParse(uuid, from)
  if (!fromResult.success)
    throw invalid([{ field: 'from', message: 'Must be the id of the record to merge.' }])
  if (fromResult.output.toLowerCase() === routeId)
    throw invalid([{ field: 'from', message: 'A record cannot be merged with itself.' }])
  if (!isRecord(values)) throw invalid([{ field: 'values', message: 'Must be an object of field values.' }])
  const parsed = parse(collection.spec.schemas.patch, values)
  for (const key of Object.keys(parsed)) if (parsed[key] === undefined) delete parsed[key]
  return { from: fromResult.output.toLowerCase(), values: parsed }
}
