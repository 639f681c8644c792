/** Beside a company's edit form: its initials, the first line of its address, and the lines its fields define (info-lines.tsx). */
import type { Company } from '../../domain/company'
import { InfoCard, initialsOf } from '../../ui/info-card'
import { infoLines } from '../records/info-lines'

export function CompanyInfoCard({ company, name }: { company: Company; name: string }) {
  return (
    <InfoCard
      label="Company info"
      name={name}
      initials={initialsOf(...company.companyName.split(/\s+/))}
      subtitle={company.address.split('\n')[0] || 'Company'}
      lines={infoLines('companies', company, name)}
    />
  )
}
