/** /contacts/edit/$id: the record as this device has it, live, with its sync state beside the form. */
import { getRouteApi, Link } from '@tanstack/react-router'
import { collections } from '../../domain/collections'
import type { Contact } from '../../domain/contact'
import { card } from '../../ui/styles'
import { useRecord, useRecordOps } from '../records/record-hooks'
import { RecordIssues } from '../sync-issues'
import { EditContactForm } from './edit-contact-form'

const route = getRouteApi('/signed-in/contacts/edit/$id')

export function EditContactPage() {
  const { id } = route.useParams()
  const record = useRecord<Contact>('contacts', id)
  const ops = useRecordOps('contacts', id)

  if (record === undefined || ops === undefined) return null
  if (record === null) {
    // A deletion the server refused or that conflicts still needs a decision, and 'Keep their version' brings it back.
    return (
      <div className="mx-auto max-w-2xl space-y-4">
        <RecordIssues ops={ops} fieldsOnScreen={false} />
        <div className={`${card} space-y-3 p-8 text-center`}>
          <h2 className="text-lg font-semibold text-slate-900">This contact no longer exists.</h2>
          <p className="text-sm text-slate-500">It may have been deleted, here or by someone else.</p>
          <Link
            to="/contacts/list"
            className="inline-block text-sm font-medium text-brand hover:text-brand-dark"
          >
            Back to the list
          </Link>
        </div>
      </div>
    )
  }
  return (
    <EditContactForm key={id} record={record} ops={ops} name={collections.contacts.displayName(record)} />
  )
}
