/**
 * The add and edit form of every entity, drawn from its screen description.
 * No client rules beyond the shared schema: its messages, or the server's,
 * show under their fields, and what was typed always stays.
 */
import {
  type FormEvent,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import type { CollectionName } from '../../domain/collections'
import { cx } from '../../ui/cx'
import { button, card } from '../../ui/styles'
import type { FieldErrors, FormValues } from './field-values'
import { FieldWidget, type FieldWidgetProps } from './field-widget'
import type { ScreenField } from './screens'

interface RecordFormProps {
  collection: CollectionName
  fields: readonly ScreenField[]
  values: FormValues
  errors: FieldErrors
  submitLabel: string
  busy: boolean
  onChange: (field: string, value: unknown) => void
  onSubmit: () => Promise<void>
  /** Shown above the save button (records this one may duplicate). */
  notice?: ReactNode
  /** Shown under a field (someone else's value for a field being typed). */
  fieldNotes?: Record<string, ReactNode>
}

/** Long fields take the form's whole width; short ones sit two to a row on wider screens. */
const WIDE = new Set(['textarea', 'richText', 'richTextPlain', 'image', 'relation'])

export function RecordForm({
  collection,
  fields,
  values,
  errors,
  submitLabel,
  busy,
  onChange,
  onSubmit,
  notice,
  fieldNotes,
}: RecordFormProps) {
  const form = useRef<HTMLFormElement>(null)
  const [attempts, setAttempts] = useState(0)
  // One change handler for the form's life, so a field is drawn again only when its own value, error
  // or note changes (FormField): a keystroke redraws its field, a duplicates notice none.
  const latestOnChange = useRef(onChange)
  useLayoutEffect(() => {
    latestOnChange.current = onChange
  })
  const change = useCallback((field: string, value: unknown) => latestOnChange.current(field, value), [])

  // After a save that found errors, take the user to the first field that has one.
  useEffect(() => {
    if (attempts > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [attempts])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    await onSubmit()
    setAttempts((count) => count + 1)
  }

  return (
    <form ref={form} noValidate onSubmit={submit} className="space-y-6">
      <div className="grid gap-5 sm:grid-cols-2">
        {fields.map((field) => (
          <FormField
            key={field.name}
            collection={collection}
            field={field}
            value={values[field.name]}
            error={errors[field.name]}
            busy={busy}
            note={fieldNotes?.[field.name]}
            onChange={change}
          />
        ))}
      </div>
      {notice}
      <div className="flex justify-end border-t border-slate-100 pt-5">
        <button type="submit" disabled={busy} className={button.primary}>
          {submitLabel}
        </button>
      </div>
    </form>
  )
}

interface FormFieldProps extends Omit<FieldWidgetProps, 'onChange'> {
  note: ReactNode
  onChange: (field: string, value: unknown) => void
}

/** One field of the form, with its note; memoised, as its props are the same unless it changed. */
const FormField = memo(function FormField({ note, onChange, ...widget }: FormFieldProps) {
  const { field } = widget
  return (
    <div className={cx(WIDE.has(field.widget) && 'sm:col-span-2')}>
      <FieldWidget {...widget} onChange={(value) => onChange(field.name, value)} />
      {note}
    </div>
  )
})

/** The form in its card under its heading, as the add and edit screens show it. */
export function RecordFormCard({
  headingId,
  heading,
  ...form
}: RecordFormProps & { headingId: string; heading: string }) {
  return (
    <section aria-labelledby={headingId} className={`${card} p-5 sm:p-6`}>
      <h2 id={headingId} className="mb-6 text-lg font-semibold wrap-anywhere text-slate-900">
        {heading}
      </h2>
      <RecordForm {...form} />
    </section>
  )
}
