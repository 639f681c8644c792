/**
 * A labelled form control with its error underneath. The label is bound to the
 * control and the error is announced through aria-describedby, so the field
 * reads as "First Name, invalid, This field is required."
 */
import {
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react'
import { cx } from './cx'
import { input, invalidInput, invalidTextArea, textArea } from './styles'

interface FieldFrameProps {
  label: string
  error?: string
  id: string
  children: React.ReactNode
}

function FieldFrame({ label, error, id, children }: FieldFrameProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-[13px] text-red-600">
          {error}
        </p>
      )}
    </div>
  )
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: string; error?: string }

export function TextField({ label, error, className, ...props }: TextFieldProps) {
  const id = useId()
  return (
    <FieldFrame label={label} error={error} id={id}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(error ? invalidInput : input, className)}
        {...props}
      />
    </FieldFrame>
  )
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string
  error?: string
  options: readonly { value: string; label: string }[]
}

export function SelectField({ label, error, options, className, ...props }: SelectFieldProps) {
  const id = useId()
  return (
    <FieldFrame label={label} error={error} id={id}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(error ? invalidInput : input, 'pr-8', className)}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string
  error?: string
}

export function TextAreaField({ label, error, className, rows = 4, ...props }: TextAreaFieldProps) {
  const id = useId()
  return (
    <FieldFrame label={label} error={error} id={id}>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(error ? invalidTextArea : textArea, className)}
        {...props}
      />
    </FieldFrame>
  )
}
