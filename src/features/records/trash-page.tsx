/**
 * An entity's Trash (/contacts/trash, …; Admins): its deleted records, newest
 * delete first, with who deleted them and until when they can come back. A
 * restore brings the record back on every device; the server links again what
 * its delete unlinked. Read from the server, so it needs the network; offline
 * it says so and offers to try again.
 */
import { useCallback, useMemo, useState } from 'react'
import { toast } from 'sonner'
import { useRuntime } from '../../app/runtime-context'
import { collections } from '../../domain/collections'
import type { TrashEntry } from '../../domain/trash'
import { failureText } from '../../sync/online-call'
import { TRASH_OFFLINE_TEXT } from '../../sync/trash-calls'
import { type Columns, columnHelper, DataTable } from '../../ui/data-table'
import { PagedFooter } from '../../ui/paged-footer'
import { button, card } from '../../ui/styles'
import { timeFormat } from '../../ui/time-format'
import { BackLink } from './back-link'
import { OnlineNotice } from './online-notice'
import { useScreen } from './use-screen'
import { useServerRead } from './use-server-read'

const PAGE_SIZE = 10
const column = columnHelper<TrashEntry>()
const at = (iso: string) => timeFormat.format(new Date(iso))

export function TrashPage() {
  const screen = useScreen()
  const { collection, texts } = screen
  const { trash } = useRuntime()
  const [page, setPage] = useState(1)
  const loaded = useServerRead(
    () => trash.list(collection, page, PAGE_SIZE),
    `${collection}:${page}`,
    TRASH_OFFLINE_TEXT,
  )
  const { reload } = loaded
  const [restoring, setRestoring] = useState<string | null>(null)
  const nameOf = useCallback(
    (entry: TrashEntry) => collections[collection].displayName(entry.doc),
    [collection],
  )

  const restore = useCallback(
    async (entry: TrashEntry) => {
      const id = entry.doc.id as string
      setRestoring(id)
      try {
        await trash.restore(collection, id)
        toast.success('Restored', { description: `${nameOf(entry)} is back.` })
      } catch (error) {
        toast.error('Not restored', { description: failureText(error) })
      } finally {
        setRestoring(null)
        reload()
      }
    },
    [trash, collection, nameOf, reload],
  )

  const columns: Columns<TrashEntry> = useMemo(
    () =>
      column.columns([
        column.display({ id: 'name', header: 'Name', cell: ({ row }) => nameOf(row.original) }),
        column.display({
          id: 'deleted',
          header: 'Deleted',
          cell: ({ row }) => {
            const { deletedAt, deletedBy } = row.original
            return deletedBy ? `${at(deletedAt)} by ${deletedBy}` : at(deletedAt)
          },
        }),
        column.display({
          id: 'until',
          header: 'Can be restored until',
          cell: ({ row }) => at(row.original.leavesTrashAt),
        }),
        column.display({
          id: 'actions',
          header: () => <span className="sr-only">Actions</span>,
          cell: ({ row }) => {
            const id = row.original.doc.id as string
            return (
              <button
                type="button"
                className={button.secondary}
                aria-label={`Restore ${nameOf(row.original)}`}
                disabled={restoring !== null}
                onClick={() => void restore(row.original)}
              >
                {restoring === id ? 'Restoring…' : 'Restore'}
              </button>
            )
          },
        }),
      ]),
    [nameOf, restore, restoring],
  )

  const headingId = `trash-${collection}`
  const rows = loaded.data?.docs ?? []
  return (
    <div className="flex flex-col gap-3">
      <BackLink to={screen.paths.list} />
      <section aria-labelledby={headingId} className={card}>
        <div className="px-4 pt-4 pb-3 sm:px-5">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            Trash
          </h2>
          <p className="mt-1 text-sm text-slate-500">
            Deleted {texts.plural}, the latest first. Restoring one brings it back on every device.
          </p>
        </div>
        {loaded.error && (
          <div className="px-4 pb-4 sm:px-5">
            <OnlineNotice error={loaded.error} onRetry={reload} />
          </div>
        )}
        <div aria-busy={loaded.loading}>
          <DataTable
            caption={`Deleted ${texts.plural}`}
            columns={columns}
            rows={rows}
            rowId={(entry) => entry.doc.id as string}
            empty={
              loaded.data && (
                <p className="px-4 py-10 text-center text-sm text-slate-500">
                  The Trash is empty: no {texts.plural} have been deleted lately.
                </p>
              )
            }
          />
        </div>
        {loaded.data && loaded.data.totalDocs > 0 && (
          <PagedFooter page={page} perPage={PAGE_SIZE} total={loaded.data.totalDocs} onPageChange={setPage} />
        )}
      </section>
    </div>
  )
}
