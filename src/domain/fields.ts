/** Valibot building blocks with the product's field messages, shared by every entity schema. */
import * as v from 'valibot'
import { messages } from './errors'

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const text = (max: number) =>
  v.pipe(v.string('Must be text.'), v.trim(), v.maxLength(max, `Must be at most ${max} characters.`))

export const requiredText = (max: number) => v.pipe(text(max), v.nonEmpty(messages.required))

export const optionalEmail = v.pipe(
  text(254),
  v.check((value) => value === '' || v.is(v.pipe(v.string(), v.email()), value), messages.invalidEmail),
)

export const uuid = v.pipe(v.string('Must be an id.'), v.regex(UUID_PATTERN, 'Must be a valid id.'))

/** A relationship as Payload answers it, or the bare id the old client sent. */
export const relationship = (relationTo: string) =>
  v.nullable(
    v.union(
      [
        uuid,
        v.pipe(
          v.object({ relationTo: v.literal(relationTo), value: uuid }),
          v.transform((ref) => ref.value),
        ),
      ],
      'Must be an id or a reference.',
    ),
  )

export interface Relationship {
  relationTo: string
  value: string
}

/** The field issues of a failed parse, as `{ field, message }` pairs. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]) {
  return issues.map((issue) => ({ field: v.getDotPath(issue) ?? '', message: issue.message }))
}

/** Unknown keys name themselves; a missing required key reads like an empty one. */
const objectMessage = (issue: v.BaseIssue<unknown>) =>
  issue.expected === 'never' ? 'Unknown field.' : messages.required

type FieldSchemas = Record<string, v.GenericSchema>

/**
 * The create and patch schemas of an entity from one map of field schemas.
 * Create: the `required` fields must be there, the rest default to `defaults`.
 * Patch: every field optional, absent fields stay absent. Both reject unknown keys.
 */
export function writeSchemas<const F extends FieldSchemas>(
  fields: F,
  defaults: { [K in keyof F]?: v.InferInput<F[K]> },
  required: readonly (keyof F)[],
) {
  const create = {} as Record<string, v.GenericSchema>
  const patch = {} as Record<string, v.GenericSchema>
  for (const [name, schema] of Object.entries(fields)) {
    create[name] = required.includes(name) ? schema : v.optional(schema, defaults[name] as never)
    patch[name] = v.optional(schema)
  }
  return {
    create: v.strictObject(create, objectMessage) as unknown as v.GenericSchema<
      Record<string, unknown>,
      { [K in keyof F]: v.InferOutput<F[K]> }
    >,
    patch: v.strictObject(patch, objectMessage) as unknown as v.GenericSchema<
      Record<string, unknown>,
      { [K in keyof F]?: v.InferOutput<F[K]> }
    >,
  }
}
