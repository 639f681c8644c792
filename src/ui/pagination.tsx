/**
 * Page buttons as the product has them: up to five numbers around the current
 * page, Previous disabled on the first page and Next on the last.
 */
import { pageWindow } from '../domain/paging'
import { cx } from './cx'

interface PaginationProps {
  page: number
  pageCount: number
  onPageChange: (page: number) => void
}

const pageButton =
  'inline-flex h-9 min-w-9 pointer-coarse:h-11 pointer-coarse:min-w-11 items-center justify-center rounded-md px-2.5 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40'

export function Pagination({ page, pageCount, onPageChange }: PaginationProps) {
  const pages = pageWindow(page, pageCount)
  return (
    <nav aria-label="Pagination" className="flex items-center gap-1">
      <button
        type="button"
        className={cx(pageButton, 'text-slate-600 hover:bg-slate-100 disabled:hover:bg-transparent')}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        Previous
      </button>
      {pages.map((number) => (
        <button
          key={number}
          type="button"
          aria-label={`Page ${number}`}
          aria-current={number === page ? 'page' : undefined}
          className={cx(
            pageButton,
            number === page ? 'bg-brand text-white shadow-sm' : 'text-slate-600 hover:bg-slate-100',
          )}
          onClick={() => onPageChange(number)}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        className={cx(pageButton, 'text-slate-600 hover:bg-slate-100 disabled:hover:bg-transparent')}
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </button>
    </nav>
  )
}
