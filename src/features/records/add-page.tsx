/**
 * An entity's add screen: saved on this device at once, then the record's edit screen opens. What is
 * typed is kept on the device until saved (one draft per entity's add form, use-draft.ts).
 */
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useMemo, useRef, useState } from 'react'
import { useRuntime } from '../../app/runtime-context'
import { collections } from '../../domain/collections'
import { BackLink } from './back-link'
import { carriedValues } from './carried-values'
import { DraftNotice } from './draft-notice'
import { DuplicateNotice } from './duplicate-notice'
import { errorsByField, type FieldErrors, formValuesOf } from './field-values'
import { RecordFormCard } from './record-form'
import { reportSaveError } from './save-errors'
import { useDraft } from './use-draft'
import { holdsSave, useDuplicates } from './use-duplicates'
import { useScreen } from './use-screen'

export function AddPage() {
  const screen = useScreen()
  const { collection, texts, addFields } = screen
  const { mutate } = useRuntime()
  const navigate = useNavigate()
  const blank = useMemo(() => formValuesOf(addFields, null), [addFields])
  // What another screen carried for it (a name typed in a 'Go to …' box, the company a contact is added
  // from) starts as this form's typing.
  const search: Record<string, unknown> = useSearch({ strict: false })
  const typed = useMemo(() => carriedValues(addFields, search), [addFields, search])
  const draft = useDraft(blank, `${collection}:new`, typed)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  const saving = useRef(false)

  const duplicates = useDuplicates(collection, draft.values)

  const save = async (anyway = false) => {
    // One save at a time: a second click or Enter while one is under way starts nothing.
    if (saving.current) return
    saving.current = true
    // Busy from the click: the look for duplicates may first wait for the list index to be built
    // (seconds in a fresh tab at 100,000 contacts).
    setBusy(true)
    let added = false
    try {
      // A record like one already here waits for 'Save anyway'. A look that fails (the device's storage
      // would not read) is reported, and nothing is saved unlooked: the form stays as typed.
      const held =
        !anyway &&
        (await holdsSave(duplicates).catch((error: unknown) => {
          reportSaveError(error)
          return true
        }))
      if (held) return
      // A write that throws (a full disk, most likely) is reported; every typed value stays in place.
      const result = await mutate.add(collection, draft.values).catch((error: unknown) => {
        reportSaveError(error)
        return null
      })
      if (result?.ok) {
        added = true
        draft.saved()
        // Saved, so nothing is left to ask about on the way out.
        await navigate({ to: screen.paths.edit, params: { id: result.id }, ignoreBlocker: true })
        return
      }
      if (result) setErrors(errorsByField(result.errors))
    } finally {
      // Held for a duplicate, refused or failed: the form is the user's again. Added, it stays busy
      // until the edit screen replaces it (a click meanwhile would add the record twice).
      if (!added) {
        saving.current = false
        setBusy(false)
      }
    }
  }

  const headingId = `add-${collection}`
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <BackLink to={screen.paths.list} />
      <DraftNotice
        restored={draft.restored}
        labelOf={(field) => collections[collection].fields[field]?.label ?? field}
        onDiscard={draft.discard}
      />
      <RecordFormCard
        headingId={headingId}
        heading={texts.addHeading}
        collection={collection}
        fields={addFields}
        values={draft.values}
        errors={errors}
        submitLabel={texts.saveButton}
        busy={busy}
        onChange={draft.set}
        onSubmit={() => save()}
        notice={
          <DuplicateNotice
            screen={screen}
            check={duplicates}
            busy={busy}
            onSaveAnyway={() => void save(true)}
          />
        }
      />
    </div>
  )
}
