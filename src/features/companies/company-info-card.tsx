/** Beside a company's edit form: its saved phone, email and website, each with a button that uses it. */
import { type Company, websiteHref } from '../../domain/company'
import { GlobeIcon, MailIcon, PhoneIcon } from '../../ui/icons'
import { InfoCard, initialsOf } from '../../ui/info-card'

export function CompanyInfoCard({ company, name }: { company: Company; name: string }) {
  return (
    <InfoCard
      label="Company info"
      name={name}
      initials={initialsOf(...company.companyName.split(/\s+/))}
      subtitle={company.address.split('\n')[0] || 'Company'}
      lines={[
        {
          label: 'Phone',
          value: company.mainPhone,
          href: `tel:${company.mainPhone}`,
          action: `Call ${name}`,
          Icon: PhoneIcon,
        },
        {
          label: 'Email',
          value: company.email,
          href: `mailto:${company.email}`,
          action: `Email ${name}`,
          Icon: MailIcon,
        },
        {
          label: 'Website',
          value: company.website,
          href: websiteHref(company.website),
          action: `Open ${name}'s website`,
          Icon: GlobeIcon,
        },
      ]}
    />
  )
}
