/** Beside a contact's edit form: the saved email, phone and mobile, each with a button that uses it, and the company. */
import { Link } from '@tanstack/react-router'
import type { Contact } from '../../domain/contact'
import { MailIcon, MobileIcon, PhoneIcon } from '../../ui/icons'
import { InfoCard, initialsOf } from '../../ui/info-card'
import { useRecord } from '../records/record-hooks'
import { screens } from '../records/screens'

export function ContactInfoCard({ contact, name }: { contact: Contact; name: string }) {
  const companyId = contact.company?.value
  const company = useRecord('companies', companyId ?? '')
  const companyName = companyId ? (company?.companyName ?? (company === null ? 'Unknown company' : '…')) : ''
  return (
    <InfoCard
      label="Contact info"
      name={name}
      initials={initialsOf(contact.firstName, contact.lastName)}
      subtitle={[contact.title, contact.department].filter(Boolean).join(' · ') || 'Contact'}
      lines={[
        {
          label: 'Email',
          value: contact.email,
          href: `mailto:${contact.email}`,
          action: `Email ${name}`,
          Icon: MailIcon,
        },
        {
          label: 'Phone',
          value: contact.phone,
          href: `tel:${contact.phone}`,
          action: `Call ${name}`,
          Icon: PhoneIcon,
        },
        {
          label: 'Mobile',
          value: contact.mobile,
          href: `tel:${contact.mobile}`,
          action: `Call ${name}'s mobile`,
          Icon: MobileIcon,
        },
        {
          label: 'Company',
          value: companyName,
          content:
            companyId && company ? (
              <Link
                to={screens.companies.paths.edit}
                params={{ id: companyId }}
                className="text-brand hover:underline pointer-coarse:inline-block pointer-coarse:py-3"
              >
                {companyName}
              </Link>
            ) : undefined,
        },
      ]}
    />
  )
}
