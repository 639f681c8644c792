/**
 * /contacts/list: 'All Contacts' from the mirror, so it renders at once with or
 * without a network. Page, page size and search are remembered (SPEC.md §4).
 */
import { Link } from '@tanstack/react-router'
import { useCallback, useSyncExternalStore } from 'react'
import { collections } from '../../domain/collections'
import type { Contact } from '../../domain/contact'
import { DataTable } from '../../ui/data-table'
import { PlusIcon } from '../../ui/icons'
import { PageSizeSelect } from '../../ui/page-size-select'
import { PagedFooter } from '../../ui/paged-footer'
import { SearchBox } from '../../ui/search-box'
import { button, card } from '../../ui/styles'
import { RowSyncStates } from '../../ui/sync-badge'
import { useListState, usePageGuard } from '../../ui/use-list-state'
import { useDeleteConfirm } from '../records/delete-confirm'
import { removeRecord } from '../records/record-actions'
import { useRecordPage, useServerTotal, useSyncStates } from '../records/record-hooks'
import { useRuntime } from '../records/runtime-context'
import { useContactColumns } from './contact-columns'
import { ContactsEmpty } from './contacts-empty'

const noRows: Contact[] = []

export function ContactsListPage() {
  const { writes, engine } = useRuntime()
  const list = useListState('contact')
  const query = { page: list.page, perPage: list.perPage, search: list.search }
  const page = useRecordPage('contacts', query)
  const serverTotal = useServerTotal('contacts', query)
  usePageGuard(list, page?.total)
  const syncStates = useSyncStates('contacts')
  const hydrating = useSyncExternalStore(engine.status.subscribe, () => engine.status.get().hydrate !== null)

  const deletion = useDeleteConfirm(collections.contacts.label)
  const { ask } = deletion
  const onDelete = useCallback(
    (contact: Contact) =>
      ask({
        name: collections.contacts.displayName(contact),
        remove: () => removeRecord(writes, 'contacts', contact.id),
      }),
    [ask, writes],
  )
  const columns = useContactColumns(onDelete)
  const rows = (page?.rows as Contact[] | undefined) ?? noRows

  return (
    <section aria-labelledby="all-contacts" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-3 px-4 pt-4 sm:px-5">
        <h2 id="all-contacts" className="text-lg font-semibold text-slate-900">
          All Contacts
        </h2>
        <Link to="/contacts/add" className={button.primary}>
          <PlusIcon />
          Add Contact
        </Link>
      </div>
      <div className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-5">
        <PageSizeSelect value={list.perPage} onChange={list.setPerPage} />
        <SearchBox value={list.search} onSearch={list.setSearch} />
      </div>
      <RowSyncStates.Provider value={syncStates}>
        <DataTable
          caption="All Contacts"
          columns={columns}
          rows={rows}
          rowId={(contact) => contact.id}
          empty={page && <ContactsEmpty search={list.search} downloading={hydrating} />}
        />
      </RowSyncStates.Provider>
      {page && page.total > 0 && (
        <PagedFooter
          page={list.page}
          perPage={list.perPage}
          total={page.total}
          serverTotal={serverTotal}
          onPageChange={list.setPage}
        />
      )}
      {deletion.dialog}
    </section>
  )
}
