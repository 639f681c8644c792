/**
 * Validation of users write bodies with the domain's schemas (src/domain/user.ts).
 * Read-only keys a client echoes back are ignored, a role echoed as answered
 * (`{ id, roleName }`) is read by its id, and `currentPassword` (needed to
 * change one's own password) is taken out before the strict schema sees the body.
 * A new password must also not be a common one (auth/common-passwords.ts).
 */
import * as v from 'valibot'
import { fieldErrors } from '../../src/domain/fields'
import { BASE_KEY } from '../../src/domain/rest'
import { userSchemas } from '../../src/domain/user'
import { refuseCommonPassword } from '../auth/common-passwords'
import { nulFields } from '../db/nul'
import { invalid } from '../refusals'

const READ_ONLY = ['createdAt', 'updatedAt', 'version'] as const

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function normalize(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) throw invalid([{ field: 'body', message: 'Must be a JSON object.' }])
  const nul = nulFields(body)
  if (nul.length) throw invalid(nul)
  const rest = { ...body }
  for (const key of READ_ONLY) delete rest[key]
  if (isRecord(rest.role) && typeof rest.role.id === 'string') rest.role = rest.role.id
  return rest
}

export type UserValues = v.InferOutput<typeof userSchemas.create>
export type UserPatch = v.InferOutput<typeof userSchemas.patch>

function parse<T>(schema: v.GenericSchema<unknown, T>, input: unknown): T {
  const result = v.safeParse(schema, input)
  if (!result.success) throw invalid(fieldErrors(result.issues))
  return result.output
}

const lower = <T extends { email?: string }>(values: T): T =>
  values.email === undefined ? values : { ...values, email: values.email.toLowerCase() }

/** POST users: the server gives the id. */
export function parseUserCreate(body: unknown): UserValues {
  const { id: _, ...rest } = normalize(body)
  const values = lower(parse(userSchemas.create, rest))
  refuseCommonPassword(values.password)
  return values
}

export function parseUserPatch(body: unknown, routeId: string) {
  const { id, currentPassword, [BASE_KEY]: base, ...rest } = normalize(body)
  if (id !== undefined && (typeof id !== 'string' || id.toLowerCase() !== routeId)) {
    throw invalid([{ field: 'id', message: 'The id cannot be changed.' }])
  }
  if (base !== undefined && !isRecord(base)) {
    throw invalid([{ field: BASE_KEY, message: 'Must be an object of field values.' }])
  }
  const values = lower(parse(userSchemas.patch, rest))
  refuseCommonPassword(values.password)
  for (const key of Object.keys(values) as (keyof UserPatch)[])
    if (values[key] === undefined) delete values[key]
  return {
    values,
    base,
    currentPassword: typeof currentPassword === 'string' ? currentPassword : undefined,
  }
}
