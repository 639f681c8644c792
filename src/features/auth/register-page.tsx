/**
 * /register (guests only): email, password, its confirmation and the
 * newsletter. The password's rule is said under it. The rules are checked on
 * submit and then as the user types (the server's refusal of a common
 * password shows under the field, like the form's own);
 * when this server does not take registrations the page says who makes
 * accounts instead, and nothing typed is cleared.
 */
import { Link, useNavigate, useRouter } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import { messages } from '../../domain/errors'
import { RegisterError, registerAccount } from '../../session/register'
import { describedByHint, PasswordHint } from '../../ui/password-hint'
import { button, card } from '../../ui/styles'
import { useCheckedValues } from '../../ui/use-checked-values'
import { AuthField, EmailField } from './auth-fields'
import { AuthFrame } from './auth-frame'
import { type RegisterErrors, type RegisterValues, validateRegister } from './validate-register'

const blank: RegisterValues = { email: '', password: '', confirmPassword: '', newsletter: false }

export function RegisterPage() {
  const navigate = useNavigate()
  // Tests hand in their own; otherwise the account is made through fetch against /api.
  const registerWith = useRouter().options.context.register ?? registerAccount
  const form = useCheckedValues<RegisterValues, RegisterErrors>(blank, validateRegister)
  const { values, errors, setErrors, change, check } = form
  const [failure, setFailure] = useState<{ text: string; closed: boolean } | null>(null)
  const [busy, setBusy] = useState(false)
  const hintId = useId()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!check()) return
    setBusy(true)
    setFailure(null)
    try {
      await registerWith({ ...values, email: values.email.trim() })
      await navigate({ to: '/', replace: true })
    } catch (error) {
      setBusy(false)
      if (error instanceof RegisterError && error.field && error.field in blank)
        setErrors({ [error.field]: error.message })
      else
        setFailure({
          text: error instanceof RegisterError ? error.message : messages.generic,
          closed: error instanceof RegisterError && error.closed,
        })
    }
  }

  return (
    <AuthFrame title="Create your Outpost account" subtitle="For the staff of your company.">
      <form noValidate onSubmit={submit} className={`${card} space-y-5 p-6 sm:p-8`}>
        <EmailField form={form} />
        <div className="space-y-1.5">
          <AuthField
            form={form}
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            {...describedByHint(hintId, errors.password)}
          />
          <PasswordHint id={hintId} />
        </div>
        <AuthField
          form={form}
          name="confirmPassword"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
        />
        <label className="flex min-h-11 items-center gap-3 text-sm text-slate-700">
          <input
            type="checkbox"
            name="newsletter"
            checked={values.newsletter}
            onChange={(event) => change('newsletter', event.target.checked)}
            className="size-4 rounded border-slate-300 accent-brand"
          />
          Subscribe to the newsletter
        </label>
        <button type="submit" disabled={busy} aria-busy={busy} className={`${button.primary} w-full`}>
          Register
        </button>
        {failure && (
          <p
            role="alert"
            className={failure.closed ? 'text-sm text-slate-700' : 'text-sm font-medium text-red-600'}
          >
            {failure.text}
          </p>
        )}
      </form>
      <p className="mt-6 text-center text-sm text-slate-500">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-brand hover:underline">
          Sign in
        </Link>
      </p>
    </AuthFrame>
  )
}
