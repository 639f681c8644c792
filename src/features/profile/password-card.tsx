/** Changing one's own password: the current one, the new one twice. It needs the server, and ends the other sessions. */

import { type FormEvent, useId, useState } from 'react'
import { toast } from 'sonner'
import { useRuntime } from '../../app/runtime-context'
import { messages } from '../../domain/errors'
import { newPasswordProblem } from '../../domain/user'
import { keepVerifier } from '../../session/lock'
import { OnlineCallError } from '../../sync/online-call'
import { TextField } from '../../ui/field'
import { describedByHint, PasswordHint } from '../../ui/password-hint'
import { button, card } from '../../ui/styles'
import { useOnline } from '../../ui/use-online'

type Field = 'currentPassword' | 'password' | 'confirmPassword'
const blank: Record<Field, string> = { currentPassword: '', password: '', confirmPassword: '' }

function check(values: Record<Field, string>) {
  const errors: Partial<Record<Field, string>> = {}
  if (!values.currentPassword) errors.currentPassword = 'This field is required.'
  const tooShort = newPasswordProblem(values.password)
  if (tooShort) errors.password = tooShort
  if (values.confirmPassword !== values.password) errors.confirmPassword = 'Must match the password.'
  return errors
}

export function PasswordCard() {
  const { users, user } = useRuntime()
  const online = useOnline()
  const [values, setValues] = useState(blank)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [busy, setBusy] = useState(false)
  const hintId = useId()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = check(values)
    setErrors(found)
    if (Object.keys(found).length) return
    setBusy(true)
    try {
      await users.changePassword(user.id, values.currentPassword, values.password)
      // The lock screen unlocks offline with the new password from now on.
      await keepVerifier(user.id, values.password).catch(() => undefined)
      setValues(blank)
      toast.success('Your password has been changed. Your other sessions have ended.')
    } catch (error) {
      const refused = error instanceof OnlineCallError ? error : null
      const field = refused?.fields[0]
      if (field && field.field in blank) setErrors({ [field.field]: field.message })
      else toast.error(refused?.message ?? messages.generic)
    } finally {
      setBusy(false)
    }
  }

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      name={name}
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      {...(name === 'password' ? describedByHint(hintId, errors.password) : {})}
    />
  )

  return (
    <form noValidate onSubmit={submit} aria-labelledby="password-card" className={`${card} space-y-4 p-6`}>
      <h2 id="password-card" className="text-base font-semibold text-slate-900">
        Change password
      </h2>
      {/* The account's name, for password managers. */}
      <input type="hidden" name="username" autoComplete="username" value={user.email} readOnly />
      {field('currentPassword', 'Current Password', 'current-password')}
      <div className="space-y-1.5">
        {field('password', 'New Password', 'new-password')}
        <PasswordHint id={hintId} />
      </div>
      {field('confirmPassword', 'Confirm New Password', 'new-password')}
      <p className="text-[13px] text-slate-500">
        {online
          ? 'Your other sessions end; this device stays signed in.'
          : 'You are offline. Changing your password needs a connection.'}
      </p>
      <button type="submit" disabled={busy || !online} aria-busy={busy} className={button.secondary}>
        Change Password
      </button>
    </form>
  )
}
