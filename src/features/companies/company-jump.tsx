/**
 * On a company's edit screen: find another company and open it, or start a new one ('Add New Company')
 * with the name typed here already in Create A Company.
 */
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { Combobox } from '../../ui/combobox'
import { screens } from '../records/screens'
import { useRecordSearch } from '../records/use-record-search'

export function CompanyJump() {
  const navigate = useNavigate()
  const [search, setSearch] = useState('')
  const options = useRecordSearch('companies', search)
  const { paths } = screens.companies
  return (
    <div className="w-64 max-sm:w-full">
      <Combobox
        label="Go to company"
        value={null}
        options={options}
        onSearch={setSearch}
        onSelect={(option) => option && void navigate({ to: paths.edit, params: { id: option.id } })}
        createLabel="Add New Company"
        onCreate={(text) => void navigate({ to: paths.add, search: { companyName: text } })}
        emptyText="No companies match"
        placeholder="Search companies"
        clearable={false}
      />
    </div>
  )
}
