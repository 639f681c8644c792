/** 'Showing X to Y of Z entries' beside the page buttons, under every list. */
import { downloadingText, showingText, totalPages } from '../domain/paging'
import { Pagination } from './pagination'

interface PagedFooterProps {
  page: number
  perPage: number
  total: number
  /** The server's count for the same query, when known and different: records this device has not seen yet. */
  serverTotal?: number | null
  /** The first download while it runs: no total is given until the device holds what the server has. */
  download?: { done: number; total: number | null } | null
  onPageChange: (page: number) => void
}

export function PagedFooter({ page, perPage, total, serverTotal, download, onPageChange }: PagedFooterProps) {
  // Still downloading, or the server counts more than the device holds yet: how far, not a total.
  const catchingUp =
    download ?? (serverTotal != null && serverTotal > total ? { done: total, total: serverTotal } : null)
  return (
    <div className="flex flex-col items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row">
      <p className="text-[13px] text-slate-500" aria-live="polite">
        {catchingUp ? downloadingText(page, perPage, total, catchingUp) : showingText(page, perPage, total)}
      </p>
      <Pagination page={page} pageCount={totalPages(total, perPage)} onPageChange={onPageChange} />
    </div>
  )
}
