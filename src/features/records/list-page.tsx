/**
 * An entity's list ('All Contacts', 'All Companies', …) from the mirror, so it
 * renders at once with or without a network. Page, page size, search and order
 * are remembered per list; while online the same page is also asked of the
 * server (its count shows when it differs). A column's header sorts by it (the
 * 'Sort by' select where the rows are cards).
 */
import { Link } from '@tanstack/react-router'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { useRuntime } from '../../app/runtime-context'
import { collections } from '../../domain/collections'
import { nextSort, parseListSort } from '../../domain/list-order'
import { DataTable } from '../../ui/data-table'
import { PlusIcon, TrashIcon, UploadIcon } from '../../ui/icons'
import { PageSizeSelect } from '../../ui/page-size-select'
import { PagedFooter } from '../../ui/paged-footer'
import { SearchBox } from '../../ui/search-box'
import { SortSelect } from '../../ui/sort-select'
import { button, card } from '../../ui/styles'
import { RowSyncStates } from '../../ui/sync-badge'
import { useListState, usePageGuard } from '../../ui/use-list-state'
import { useReservedHeight } from '../../ui/use-reserved-height'
import { useBulkDelete } from './bulk-delete'
import { useBulkEdit } from './bulk-edit'
import { useDeleteConfirm } from './delete-confirm'
import { ExportButton } from './export-button'
import { type ListRow, useListColumns } from './list-columns'
import { ListEmpty } from './list-empty'
import { useRecordPage, useServerTotal, useSyncStates } from './record-hooks'
import { firstNames, matchingIds } from './selected-records'
import { SelectionBar } from './selection-bar'
import { unlinkedBy } from './unlinked-by'
import { useScreen } from './use-screen'
import { SelectionContext, useSelection } from './use-selection'

const noRows: ListRow[] = []
const rowId = (row: ListRow) => row.id

export function ListPage() {
  const screen = useScreen()
  const { collection, texts } = screen
  const { db, mutate, engine, user, trash } = useRuntime()
  const list = useListState(`${user.id}.${screen.listKey}`)
  const ownField = collections[collection].defaultSort
  const sortable = useMemo(() => screen.columns.filter((column) => column.sortable), [screen])
  // An order stored by an older version, or by hand, that this list does not offer: its own instead.
  const sort = sortable.some((column) => column.field === parseListSort(list.sort).field) ? list.sort : ''
  const { setSort } = list
  const sorting = useMemo(
    () => ({
      sort: parseListSort(sort || ownField),
      onSort: (field: string) => setSort(nextSort(sort, field, ownField)),
    }),
    [sort, ownField, setSort],
  )
  const query = { page: list.page, perPage: list.perPage, search: list.search, sort: sort || undefined }
  const page = useRecordPage(collection, query)
  const serverTotal = useServerTotal(collection, query)
  usePageGuard(list, page?.total)
  const syncStates = useSyncStates(collection)
  // The first download's progress (the state object is replaced on every change, so it is a stable snapshot).
  const hydrate = useSyncExternalStore(engine.status.subscribe, () => engine.status.get().hydrate)

  const deletion = useDeleteConfirm(collections[collection].label)
  const { ask } = deletion
  const onDelete = useCallback(
    (row: ListRow) =>
      ask({
        name: collections[collection].displayName(row),
        remove: () => mutate.remove(collection, row.id),
        consequence: () => unlinkedBy(db, collection, row.id),
        restore: user.role === 'Admin' ? () => trash.restore(collection, row.id) : undefined,
      }),
    [ask, mutate, db, collection, user.role, trash],
  )
  const columns = useListColumns(screen, onDelete)
  // Rows chosen to act on at once: kept across pages, a new search starts afresh.
  const selection = useSelection(`${collection}|${list.search}`)
  const bulk = useBulkDelete(collection, selection.clear)
  const bulkEdit = useBulkEdit(screen)
  const askEdit = bulkEdit.ask
  const selectAll = async () => selection.replace(await matchingIds(db, collection, list.search))
  const deleteSelected = async () => {
    const ids = [...selection.selected]
    bulk.ask({ ids, names: await firstNames(db, collection, ids) })
  }
  const rows = page?.rows ?? noRows
  const headingId = `all-${collection}`
  const loaded = page !== undefined
  const reserve = useReservedHeight(`${user.id}.${screen.listKey}`, loaded)
  const empty = useMemo(
    () => loaded && <ListEmpty screen={screen} search={list.search} download={hydrate} />,
    [loaded, screen, list.search, hydrate],
  )

  return (
    <section aria-labelledby={headingId} className={card}>
      <div className="flex flex-wrap items-center justify-between gap-3 px-4 pt-4 sm:px-5">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {texts.listHeading}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <ExportButton collection={collection} plural={texts.plural} query={query} />
          <Link to={screen.paths.import} className={button.secondary}>
            <UploadIcon />
            Import CSV
          </Link>
          {user.role === 'Admin' && (
            <Link to={screen.paths.trash} className={button.secondary}>
              <TrashIcon />
              Trash
            </Link>
          )}
          <Link to={screen.paths.add} className={button.primary}>
            <PlusIcon />
            {texts.addButton}
          </Link>
        </div>
      </div>
      <div className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between sm:px-5">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
          <PageSizeSelect value={list.perPage} onChange={list.setPerPage} />
          {/* The table's headers sort from 1024 px; the cards below it have none. */}
          <SortSelect
            className="lg:hidden"
            choices={sortable}
            value={sort}
            ownField={ownField}
            onChange={setSort}
          />
        </div>
        {/* Remounted when the search was set from elsewhere (the top bar's "Show all"), to show it. */}
        <SearchBox key={list.revision} value={list.search} onSearch={list.setSearch} />
      </div>
      {page?.total !== 0 && (
        <SelectionBar
          selection={selection}
          pageIds={rows.map(rowId)}
          total={page?.total ?? 0}
          plural={collections[collection].path}
          onSelectAll={() => void selectAll()}
          onEdit={askEdit && (() => askEdit([...selection.selected]))}
          onDelete={() => void deleteSelected()}
        />
      )}
      {/* Until the first read answers, the table is not drawn (its columns would widen as rows came) and
          the height it had last time is held, so the rows and the pager fill it without moving the footer. */}
      <div ref={reserve.ref} style={{ minHeight: reserve.minHeight }} aria-busy={!loaded}>
        {loaded && (
          <RowSyncStates.Provider value={syncStates}>
            <SelectionContext.Provider value={selection}>
              <DataTable
                caption={texts.listHeading}
                columns={columns}
                rows={rows}
                rowId={rowId}
                empty={empty}
                sorting={sorting}
              />
            </SelectionContext.Provider>
          </RowSyncStates.Provider>
        )}
        {page && page.total > 0 && (
          <PagedFooter
            page={list.page}
            perPage={list.perPage}
            total={page.total}
            serverTotal={serverTotal}
            download={hydrate}
            onPageChange={list.setPage}
          />
        )}
      </div>
      {deletion.dialog}
      {bulk.dialog}
      {bulkEdit.dialog}
    </section>
  )
}
