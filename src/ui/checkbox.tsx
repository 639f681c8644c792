/**
 * A checkbox drawn as a 16 px box (20 px by touch) whose target is the native input itself, see-through
 * over it and 44×44 px under a finger: the browser's own checkbox would be 13-16 px to a thumb, and
 * scaled to 44 px it would fill a card. Named by `label` (visible beside it) or `ariaLabel`.
 * `indeterminate` is the state of a box over rows of which only some are chosen.
 */
import { type ReactNode, useEffect, useRef } from 'react'
import { cx } from './cx'
import { Icon } from './icons'

interface CheckboxProps {
  checked: boolean
  indeterminate?: boolean
  onChange: (checked: boolean) => void
  /** Its name when no words are shown beside it. */
  ariaLabel?: string
  /** The words beside it, which name it. */
  children?: ReactNode
  disabled?: boolean
}

export function Checkbox({
  checked,
  indeterminate = false,
  onChange,
  ariaLabel,
  children,
  disabled,
}: CheckboxProps) {
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (input.current) input.current.indeterminate = indeterminate
  }, [indeterminate])
  const marked = checked || indeterminate
  return (
    <label
      className={cx(
        'inline-flex shrink-0 items-center gap-2',
        disabled ? 'text-slate-400' : 'cursor-pointer',
      )}
    >
      <span className="relative inline-flex size-4 shrink-0 items-center justify-center pointer-coarse:size-5">
        <input
          ref={input}
          type="checkbox"
          aria-label={ariaLabel}
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          className="peer absolute top-1/2 left-1/2 size-full -translate-x-1/2 -translate-y-1/2 cursor-pointer opacity-0 disabled:cursor-default pointer-coarse:size-11"
        />
        <span
          aria-hidden="true"
          className={cx(
            'pointer-events-none inline-flex size-full items-center justify-center rounded border text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand',
            marked ? 'border-brand bg-brand' : 'border-slate-400 bg-white',
          )}
        >
          {indeterminate ? (
            <Icon className="size-3" strokeWidth={3}>
              <path d="M6 12h12" />
            </Icon>
          ) : (
            checked && (
              <Icon className="size-3" strokeWidth={3}>
                <path d="M5 12.5l4.5 4.5L19 7.5" />
              </Icon>
            )
          )}
        </span>
      </span>
      {children}
    </label>
  )
}
