/** Beside a contact's edit form: its initials, title and department, and the lines its fields define (info-lines.tsx). */
import type { Contact } from '../../domain/contact'
import { InfoCard, initialsOf } from '../../ui/info-card'
import { infoLines } from '../records/info-lines'

export function ContactInfoCard({ contact, name }: { contact: Contact; name: string }) {
  return (
    <InfoCard
      label="Contact info"
      name={name}
      initials={initialsOf(contact.firstName, contact.lastName)}
      subtitle={[contact.title, contact.department].filter(Boolean).join(' · ') || 'Contact'}
      lines={infoLines('contacts', contact, name)}
    />
  )
}
