/**
 * A new password typed by the Admin, or generated and then shown once so it
 * can be handed over. Used when adding a member of staff and when resetting
 * a password. The rule is said under it; the length is checked by the form.
 */
import { useId } from 'react'
import { TextField } from '../../ui/field'
import { describedByHint, PasswordHint } from '../../ui/password-hint'
import { button } from '../../ui/styles'
import { generatePassword } from './generate-password'

interface PasswordFieldProps {
  label: string
  value: string
  error?: string
  onChange: (value: string) => void
}

export function PasswordField({ label, value, error, onChange }: PasswordFieldProps) {
  const hintId = useId()
  return (
    <div className="space-y-1.5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <TextField
            label={label}
            name="password"
            type="text"
            autoComplete="new-password"
            spellCheck={false}
            className="font-mono"
            value={value}
            error={error}
            onChange={(event) => onChange(event.target.value)}
            {...describedByHint(hintId, error)}
          />
        </div>
        <button type="button" className={button.secondary} onClick={() => onChange(generatePassword())}>
          Generate
        </button>
      </div>
      <PasswordHint id={hintId} />
    </div>
  )
}

/** After the save: the password to hand over, once; it is not kept anywhere. */
export function PasswordToHandOver({ email, password }: { email: string; password: string }) {
  return (
    <div
      role="status"
      className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
    >
      <p className="font-medium">Give {email} this password. It is shown only once.</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="rounded bg-white px-2 py-1 font-mono text-base text-slate-900 select-all">
          {password}
        </code>
        <button
          type="button"
          className={button.secondary}
          onClick={() => void navigator.clipboard?.writeText(password).catch(() => undefined)}
        >
          Copy
        </button>
      </div>
    </div>
  )
}
