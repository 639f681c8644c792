/**
 * The register form's rules: email required and valid, a new password's length
 * (the server also refuses common passwords), the confirmation equal to it.
 */
import * as v from 'valibot'
import { messages } from '../../domain/errors'
import { loginSchema, newPasswordProblem } from '../../domain/user'

export interface RegisterValues {
  email: string
  password: string
  confirmPassword: string
  newsletter: boolean
}

export type RegisterErrors = Partial<Record<'email' | 'password' | 'confirmPassword', string>>

const confirmSchema = v.pipe(v.string(messages.required), v.nonEmpty(messages.required))

export function validateRegister(values: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {}
  const email = v.safeParse(loginSchema.entries.email, values.email)
  if (!email.success) errors.email = email.issues[0].message
  const password = values.password ? newPasswordProblem(values.password) : messages.required
  if (password) errors.password = password
  const confirm = v.safeParse(confirmSchema, values.confirmPassword)
  if (!confirm.success) errors.confirmPassword = confirm.issues[0].message
  else if (values.confirmPassword !== values.password) errors.confirmPassword = 'Must match the password.'
  return errors
}
