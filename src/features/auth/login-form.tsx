/**
 * Email, password and "Let's go". The fields are checked on submit and then
 * as they change; a refused sign-in shows the server's words in red under the
 * form, and nothing typed is cleared.
 */
import { type FormEvent, useState } from 'react'
import { askToKeepData } from '../../session/persistent-storage'
import { button } from '../../ui/styles'
import { useCheckedValues } from '../../ui/use-checked-values'
import { AuthField, EmailField } from './auth-fields'
import { type LoginErrors, type LoginValues, validateLogin } from './validate-login'

interface LoginFormProps {
  /** Answers the words to show when the sign-in is refused, or null when it worked. */
  onSignIn: (values: LoginValues) => Promise<string | null>
}

export function LoginForm({ onSignIn }: LoginFormProps) {
  const form = useCheckedValues<LoginValues, LoginErrors>({ email: '', password: '' }, validateLogin)
  const { values, check } = form
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!check()) return
    setBusy(true)
    setFailure(null)
    const refused = await onSignIn({ email: values.email.trim(), password: values.password })
    // Signed in: ask to keep the device's data now, while the submit's gesture lets Firefox ask the user.
    if (refused === null) void askToKeepData()
    // On success the page navigates away; only a refusal comes back here.
    if (refused !== null) {
      setFailure(refused)
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <EmailField form={form} />
      <AuthField
        form={form}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <button type="submit" disabled={busy} aria-busy={busy} className={`${button.primary} w-full`}>
        {busy && (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
          />
        )}
        Let's go
      </button>
      {failure && (
        <p role="alert" className="text-center text-sm font-medium text-red-600">
          {failure}
        </p>
      )}
    </form>
  )
}
