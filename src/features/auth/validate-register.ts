/** The register form's rules: email required and valid, password at least 5 characters, the confirmation equal to it. */
import * as v from 'valibot'
import { messages } from '../../domain/errors'
import { loginSchema } from '../../domain/user'

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
  const login = v.safeParse(loginSchema, values)
  if (!login.success)
    for (const issue of login.issues) {
      const field = v.getDotPath(issue) as 'email' | 'password' | null
      if (field && !errors[field]) errors[field] = issue.message
    }
  const confirm = v.safeParse(confirmSchema, values.confirmPassword)
  if (!confirm.success) errors.confirmPassword = confirm.issues[0].message
  else if (values.confirmPassword !== values.password) errors.confirmPassword = 'Must match the password.'
  return errors
}
