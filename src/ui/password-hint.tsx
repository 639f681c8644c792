/**
 * The rule for a new password, said under its field before anyone submits.
 * The field is described by it, so a screen reader reads the rule with the
 * field; while the field shows an error, the error is read instead (it names
 * what to fix).
 */
import { PASSWORD_HINT } from '../domain/user'

export function PasswordHint({ id }: { id: string }) {
  return (
    <p id={id} className="text-[13px] text-slate-500">
      {PASSWORD_HINT}
    </p>
  )
}

/** Props for the password's TextField: described by the hint unless it shows an error. */
export const describedByHint = (hintId: string, error: string | undefined) =>
  error ? {} : { 'aria-describedby': hintId }
