/** The login form's own check, with the rules and words the server uses: src/domain/user.ts. */
import * as v from 'valibot'
import { loginSchema } from '../../domain/user'

export interface LoginValues {
  email: string
  password: string
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>

export function validateLogin(values: LoginValues): LoginErrors {
  const result = v.safeParse(loginSchema, values)
  const errors: LoginErrors = {}
  if (result.success) return errors
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) as keyof LoginValues | null
    if (field && !errors[field]) errors[field] = issue.message
  }
  return errors
}
