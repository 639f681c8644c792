/** The checks made before asking the server: an email that can be one. The server checks everything again. */
import * as v from 'valibot'
import { profileFieldSchemas } from '../../domain/user'
import type { StaffErrors, StaffValues } from './staff-fields'

export function checkStaff(values: StaffValues): StaffErrors {
  const errors: StaffErrors = {}
  const email = v.safeParse(profileFieldSchemas.email, values.email.trim())
  if (!email.success) errors.email = email.issues[0].message
  const postalCode = v.safeParse(profileFieldSchemas.postalCode, values.postalCode)
  if (!postalCode.success) errors.postalCode = postalCode.issues[0].message
  return errors
}
