/** The login form's own rules (SPEC.md §5): email required and valid; password required, at least 5 characters. */
import * as v from 'valibot'
import { messages } from '../../domain/errors'

export const PASSWORD_MIN = 5

export interface LoginValues {
  email: string
  password: string
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>

const emailShape = v.pipe(v.string(), v.email())

export function validateLogin({ email, password }: LoginValues): LoginErrors {
  const errors: LoginErrors = {}
  if (!email.trim()) errors.email = messages.required
  else if (!v.is(emailShape, email.trim())) errors.email = messages.invalidEmail
  if (!password) errors.password = messages.required
  else if (password.length < PASSWORD_MIN) errors.password = `Must be at least ${PASSWORD_MIN} characters.`
  return errors
}
