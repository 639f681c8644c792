/**
 * /companies/edit/$id: the entity kit's edit screen with the company's call and email buttons, its
 * contacts, and a jump to another.
 */
import type { Company } from '../../domain/company'
import { EditPage } from '../records/edit-page'
import { CompanyContactsCard } from './company-contacts-card'
import { CompanyInfoCard } from './company-info-card'
import { CompanyJump } from './company-jump'

export function EditCompanyPage() {
  return (
    <EditPage
      toolbar={() => <CompanyJump />}
      aside={(record, name) => (
        <div className="space-y-4">
          <CompanyInfoCard company={record as unknown as Company} name={name} />
          <CompanyContactsCard companyId={record.id} />
        </div>
      )}
    />
  )
}
