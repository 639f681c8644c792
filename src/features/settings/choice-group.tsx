/**
 * A row of swatches that behaves as one radio group: arrows move between the
 * choices, and the choice applies at once (there is nothing to save).
 */
import { useId } from 'react'
import { cx } from '../../ui/cx'

interface ChoiceGroupProps<T extends string> {
  legend: string
  choices: readonly T[]
  value: T
  swatch: Record<T, string>
  onChange: (value: T) => void
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

export function ChoiceGroup<T extends string>({
  legend,
  choices,
  value,
  swatch,
  onChange,
}: ChoiceGroupProps<T>) {
  const name = useId()
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice}
            className={cx(
              'flex h-11 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand',
              choice === value
                ? 'border-brand bg-brand-light/40 text-slate-900'
                : 'border-slate-300 text-slate-700 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice}
              checked={choice === value}
              onChange={() => onChange(choice)}
              className="sr-only"
            />
            <span
              aria-hidden="true"
              className={cx('size-5 rounded-full border border-slate-300', swatch[choice])}
            />
            {capitalised(choice)}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
