/** /contacts/edit/$id: the entity kit's edit screen with the contact's info card beside the form. */
import type { Contact } from '../../domain/contact'
import { EditPage } from '../records/edit-page'
import { ContactInfoCard } from './contact-info-card'

export function EditContactPage() {
  return (
    <EditPage
      aside={(record, name) => <ContactInfoCard contact={record as unknown as Contact} name={name} />}
    />
  )
}
