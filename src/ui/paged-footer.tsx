/** 'Showing X to Y of Z entries' beside the page buttons, under every list. */
import { showingText, totalPages } from '../domain/paging'
import { Pagination } from './pagination'

interface PagedFooterProps {
  page: number
  perPage: number
  total: number
  onPageChange: (page: number) => void
}

export function PagedFooter({ page, perPage, total, onPageChange }: PagedFooterProps) {
  return (
    <div className="flex flex-col items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row">
      <p className="text-[13px] text-slate-500" aria-live="polite">
        {showingText(page, perPage, total)}
      </p>
      <Pagination page={page} pageCount={totalPages(total, perPage)} onPageChange={onPageChange} />
    </div>
  )
}
