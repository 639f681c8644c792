/** My Profile's rules: first and last name at least 5 characters, the email required and valid, the postal code a number. */
import * as v from 'valibot'
import { type ProfileText, profileFieldSchemas } from '../../domain/user'

export const NAME_MIN = 5

export type ProfileValues = ProfileText

export type ProfileErrors = Partial<Record<keyof ProfileValues | 'currentPassword', string>>

const name = v.pipe(v.string(), v.trim(), v.minLength(NAME_MIN, `Must be at least ${NAME_MIN} characters.`))

export function validateProfile(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {}
  const checks = [
    ['firstName', name],
    ['lastName', name],
    ['email', profileFieldSchemas.email],
    ['postalCode', profileFieldSchemas.postalCode],
  ] as const
  for (const [field, schema] of checks) {
    const result = v.safeParse(schema, values[field])
    if (!result.success) errors[field] = result.issues[0].message
  }
  return errors
}
