/**
 * 'Edit selected': one field set to one value for every record of a list's selection ('Edit 12
 * contacts'), the fields its entity defines `bulk` (screens.ts `bulkFields`). One write on the device,
 * sent in batches (docs/sync.md); then 'Saved' with 'Undo', which puts back each record's own value
 * where nobody changed it since. A value the field refuses keeps the question open with its message.
 */
import { useState } from 'react'
import { toast } from 'sonner'
import { useRuntime } from '../../app/runtime-context'
import { collections, counted } from '../../domain/collections'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { SelectField } from '../../ui/field'
import { FieldWidget } from './field-widget'
import { reportSaveError } from './save-errors'
import type { EntityScreen, ScreenField } from './screens'
import { undoNotice } from './undo-notice'

/** A field's value before anything is chosen: none (no department, no company, no title). */
const emptyOf = (field: ScreenField) => (field.widget === 'relation' ? null : '')

export function useBulkEdit(screen: EntityScreen) {
  const { mutate } = useRuntime()
  const { collection, bulkFields } = screen
  const { label } = collections[collection]
  const [ids, setIds] = useState<readonly string[] | null>(null)
  const [field, setField] = useState(bulkFields[0])
  const [value, setValue] = useState<unknown>(field ? emptyOf(field) : '')
  const [error, setError] = useState<string>()
  // Thousands of records take seconds to write: the button says so, and a second press waits.
  const [saving, setSaving] = useState(false)

  const choose = (name: string) => {
    const next = bulkFields.find((each) => each.name === name)
    if (!next) return
    setField(next)
    setValue(emptyOf(next))
    setError(undefined)
  }

  const confirm = async () => {
    if (!ids || !field) return false
    setSaving(true)
    try {
      const saved = await mutate.saveMany(collection, ids, { [field.name]: value })
      if (!saved.ok) {
        setError(saved.errors[0]?.message ?? 'Invalid value.')
        return false
      }
      setIds(null)
      if (saved.changed === 0) {
        toast('Nothing to change', {
          description: `Every selected ${label} already has that ${field.label.toLowerCase()}.`,
        })
        return true
      }
      const n = saved.changed
      undoNotice(
        'Saved',
        `${counted(collection, n)} ${n === 1 ? 'has' : 'have'} been updated successfully.`,
        {
          undo: () => saved.undo(),
          undone: (back: number) => {
            if (back === n)
              toast.success('Restored', {
                description: `${counted(collection, n)} ${n === 1 ? 'is' : 'are'} as before.`,
              })
            else
              toast(`${counted(collection, back)} of ${n.toLocaleString('en')} restored`, {
                description: `The others' ${field.label.toLowerCase()} was changed again since: it stays.`,
              })
          },
        },
      )
      return true
    } catch (failure) {
      reportSaveError(failure)
      return false
    } finally {
      setSaving(false)
    }
  }

  const n = ids?.length ?? 0
  const dialog = field && (
    <ConfirmDialog
      open={ids !== null}
      title={`Edit ${counted(collection, n)}`}
      description={`Choose a field and the value every selected ${label} will have.`}
      confirmLabel={saving ? 'Saving…' : `Set for ${counted(collection, n)}`}
      busy={saving}
      cancelLabel="Cancel"
      tone="primary"
      onConfirm={confirm}
      onCancel={() => setIds(null)}
    >
      <SelectField
        label="Field"
        name="bulk-field"
        options={bulkFields.map(({ name, label }) => ({ value: name, label }))}
        value={field.name}
        onChange={(event) => choose(event.target.value)}
      />
      <FieldWidget
        collection={collection}
        field={field}
        value={value}
        error={error}
        busy={saving}
        onChange={(next) => {
          setValue(next)
          setError(undefined)
        }}
      />
    </ConfirmDialog>
  )
  return {
    ask: bulkFields.length > 0 ? (selected: readonly string[]) => setIds(selected) : undefined,
    dialog,
  }
}
