/** /contacts/add: saved on this device at once, then the record's edit screen opens (SPEC.md §4). */
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { BackLink } from '../../ui/back-link'
import { card } from '../../ui/styles'
import { addRecord } from '../records/record-actions'
import { useRuntime } from '../records/runtime-context'
import { reportSaveError } from '../records/save-errors'
import { emptyForm, errorsByField, type FieldErrors } from './contact-fields'
import { ContactForm } from './contact-form'
import { useContactDraft } from './use-contact-draft'

export function AddContactPage() {
  const { writes } = useRuntime()
  const navigate = useNavigate()
  const draft = useContactDraft(emptyForm)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)

  const save = async () => {
    setBusy(true)
    // A write that throws (a full disk, most likely) is reported; every typed value stays in place.
    const result = await addRecord(writes, 'contacts', { ...draft.values, company: null }).catch(
      (error: unknown) => {
        reportSaveError(error)
        return null
      },
    )
    if (result?.ok) {
      await navigate({ to: '/contacts/edit/$id', params: { id: result.id } })
      return
    }
    if (result) setErrors(errorsByField(result.errors))
    setBusy(false)
  }

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <BackLink to="/contacts/list" />
      <section aria-labelledby="add-contact" className={`${card} p-5 sm:p-6`}>
        <h2 id="add-contact" className="mb-6 text-lg font-semibold text-slate-900">
          Add a Contact
        </h2>
        <ContactForm
          values={draft.values}
          errors={errors}
          submitLabel="Save Contact"
          busy={busy}
          onChange={draft.set}
          onSubmit={save}
        />
      </section>
    </div>
  )
}
