/**
 * The edit form with its surroundings. "Update Contact" saves on this device
 * at once ('Saved - This contact has been updated successfully.'); the sync
 * sends it later, and any refusal comes back here as field errors and a banner,
 * any conflict as a per-field choice. A save that throws (a full disk) keeps
 * everything typed.
 */
import { useMemo, useState } from 'react'
import { toast } from 'sonner'
import type { OutboxOp } from '../../db/outbox-types'
import type { Contact } from '../../domain/contact'
import { BackLink } from '../../ui/back-link'
import { card } from '../../ui/styles'
import { saveRecord } from '../records/record-actions'
import { useRuntime } from '../records/runtime-context'
import { reportSaveError } from '../records/save-errors'
import { RecordIssues } from '../sync-issues'
import { errorsByField, type FieldErrors, toFormValues } from './contact-fields'
import { ContactForm } from './contact-form'
import { ContactInfoCard } from './contact-info-card'
import { SyncStateLine, serverFieldErrors } from './contact-sync-notices'
import { useContactDraft } from './use-contact-draft'

interface EditContactFormProps {
  record: Contact
  ops: OutboxOp[]
  name: string
}

export function EditContactForm({ record, ops, name }: EditContactFormProps) {
  const { writes } = useRuntime()
  const saved = useMemo(() => toFormValues(record), [record])
  const draft = useContactDraft(saved)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  // The server's refusal first, then this screen's own check on top (the newer word wins).
  const shownErrors = useMemo(() => ({ ...errorsByField(serverFieldErrors(ops)), ...errors }), [ops, errors])

  const save = async () => {
    setBusy(true)
    try {
      const result = await saveRecord(writes, 'contacts', record.id, draft.changed)
      if (!result.ok) return setErrors(errorsByField(result.errors))
      setErrors({})
      if (result.changed.length) toast.success('Saved - This contact has been updated successfully.')
      else toast.info('Nothing to update: no field was changed.')
    } catch (error) {
      reportSaveError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackLink to="/contacts/list" />
        <SyncStateLine ops={ops} />
      </div>
      <RecordIssues ops={ops} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="edit-contact" className={`${card} p-5 sm:p-6`}>
          <h2 id="edit-contact" className="mb-6 text-lg font-semibold text-slate-900">
            {name}
          </h2>
          <ContactForm
            values={draft.values}
            errors={shownErrors}
            submitLabel="Update Contact"
            busy={busy}
            onChange={draft.set}
            onSubmit={save}
          />
        </section>
        <ContactInfoCard contact={saved} name={name} />
      </div>
    </div>
  )
}
