/**
 * One field of a user's profile, drawn from its definition (domain/user.ts, PROFILE_FIELDS): its
 * label, its widget and its keyboard. My Profile's form and staff administration's both draw their
 * fields with it, each in its own order.
 */
import { PROFILE_FIELDS, type ProfileTextField } from '../../domain/user'
import { TextAreaField, TextField } from '../../ui/field'

interface ProfileFieldProps {
  name: ProfileTextField
  value: string
  error?: string
  disabled?: boolean
  /** The browser may offer the user's own email: on My Profile it is theirs; on a member of staff's, not. */
  ownDetails?: boolean
  onChange: (value: string) => void
}

export function ProfileField({ name, value, error, disabled, ownDetails, onChange }: ProfileFieldProps) {
  const field: { label: string; widget: string; numeric?: true } = PROFILE_FIELDS[name]
  if (field.widget === 'textarea')
    return (
      <TextAreaField
        label={field.label}
        name={name}
        value={value}
        error={error}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
    )
  const email = field.widget === 'email'
  return (
    <TextField
      label={field.label}
      name={name}
      type={email ? 'email' : 'text'}
      inputMode={field.numeric ? 'numeric' : email ? 'email' : undefined}
      autoComplete={ownDetails && email ? 'email' : undefined}
      value={value}
      error={error}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}
