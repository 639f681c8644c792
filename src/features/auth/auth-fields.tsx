/**
 * The text fields of the sign-in and register forms: each bound to its value
 * and its error in the form's checked values (ui/use-checked-values), and the
 * email field, the same in both.
 */
import type { ComponentProps } from 'react'
import { TextField } from '../../ui/field'

/** What a field needs of useCheckedValues: the form's text values, its errors and the change of one. */
interface CheckedForm<F extends string> {
  values: Record<F, string>
  errors: Partial<Record<F, string>>
  change: (field: F, value: string) => void
}

type AuthFieldProps<F extends string> = Omit<
  ComponentProps<typeof TextField>,
  'form' | 'name' | 'value' | 'error' | 'onChange'
> & { form: CheckedForm<F>; name: F }

export function AuthField<F extends string>({ form, name, ...props }: AuthFieldProps<F>) {
  return (
    <TextField
      name={name}
      value={form.values[name]}
      error={form.errors[name]}
      onChange={(event) => form.change(name, event.target.value)}
      {...props}
    />
  )
}

export function EmailField({ form }: { form: CheckedForm<'email'> }) {
  return (
    <AuthField
      form={form}
      name="email"
      label="Email"
      type="email"
      autoComplete="username"
      inputMode="email"
    />
  )
}
