/** 'Showing X to Y of Z entries' beside the page buttons, under every list. */
import { showingText, totalPages } from '../domain/paging'
import { Pagination } from './pagination'

interface PagedFooterProps {
  page: number
  perPage: number
  total: number
  /** The server's count for the same query, when known and different: records this device has not seen yet. */
  serverTotal?: number | null
  onPageChange: (page: number) => void
}

export function PagedFooter({ page, perPage, total, serverTotal, onPageChange }: PagedFooterProps) {
  return (
    <div className="flex flex-col items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row">
      <p className="text-[13px] text-slate-500" aria-live="polite">
        {showingText(page, perPage, total)}
        {serverTotal != null && serverTotal > total && (
          <span className="text-slate-500"> · {serverTotal} on the server, still downloading</span>
        )}
      </p>
      <Pagination page={page} pageCount={totalPages(total, perPage)} onPageChange={onPageChange} />
    </div>
  )
}
