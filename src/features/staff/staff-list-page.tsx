/**
 * /admin/users (Admins): every member of staff, with the lists' search, page
 * size and paging (remembered like every list). Read from the server, so it
 * needs the network; offline it says so and offers to try again.
 */
import { Link } from '@tanstack/react-router'
import { useRuntime } from '../../app/runtime-context'
import { DataTable } from '../../ui/data-table'
import { PlusIcon } from '../../ui/icons'
import { PageSizeSelect } from '../../ui/page-size-select'
import { PagedFooter } from '../../ui/paged-footer'
import { SearchBox } from '../../ui/search-box'
import { button, card } from '../../ui/styles'
import { useListState, usePageGuard } from '../../ui/use-list-state'
import { OnlineNotice } from '../records/online-notice'
import { useStaffColumns } from './staff-columns'
import { useDeleteMember } from './use-delete-member'
import { useStaffPage } from './use-staff'

export function StaffListPage() {
  const { user } = useRuntime()
  const list = useListState(`${user.id}.users`)
  const page = useStaffPage({ search: list.search, page: list.page, size: list.perPage })
  usePageGuard(list, page.data?.totalDocs)
  const deletion = useDeleteMember(page.reload)

  const columns = useStaffColumns(user.id, deletion.ask)

  const rows = page.data?.docs ?? []
  return (
    <section aria-labelledby="all-users" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-3 px-4 pt-4 sm:px-5">
        <h2 id="all-users" className="text-lg font-semibold text-slate-900">
          All Users
        </h2>
        <Link to="/admin/users/add" className={button.primary}>
          <PlusIcon />
          Add User
        </Link>
      </div>
      <div className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-5">
        <PageSizeSelect value={list.perPage} onChange={list.setPerPage} />
        <SearchBox key={list.revision} value={list.search} onSearch={list.setSearch} />
      </div>
      {page.error && (
        <div className="px-4 pb-4 sm:px-5">
          <OnlineNotice error={page.error} onRetry={page.reload} />
        </div>
      )}
      <div aria-busy={page.loading}>
        <DataTable
          caption="All Users"
          columns={columns}
          rows={rows}
          rowId={(member) => member.id}
          empty={
            page.data && (
              <p className="px-4 py-10 text-center text-sm text-slate-500">
                {list.search ? `No staff match “${list.search}”.` : 'No staff yet.'}
              </p>
            )
          }
        />
      </div>
      {page.data && page.data.totalDocs > 0 && (
        <PagedFooter
          page={list.page}
          perPage={list.perPage}
          total={page.data.totalDocs}
          onPageChange={list.setPage}
        />
      )}
      {deletion.dialog}
    </section>
  )
}
