/** List paging rules of the product and §9, shared by the list screens and the server. */

export const PAGE_SIZE_OPTIONS = [5, 10, 25, 50] as const
export const DEFAULT_PAGE_SIZE = 10
export const FIRST_PAGE = 1
/** The server refuses larger pages: a list screen never asks for more than 50. */
export const MAX_PAGE_SIZE = 500
export const PAGE_NUMBERS_SHOWN = 5

export function totalPages(total: number, perPage: number, pageCount?: number): number {
  if (pageCount && pageCount > 0) return pageCount
  if (total > 0 && perPage > 0) return Math.ceil(total / perPage)
  return 1
}

/** Up to five page numbers centred on the current page. */
export function pageWindow(current: number, pages: number, shown = PAGE_NUMBERS_SHOWN): number[] {
  const half = Math.floor(shown / 2)
  let start = Math.max(1, current - half)
  const end = Math.min(pages, start + shown - 1)
  start = Math.max(1, end - shown + 1)
  const out: number[] = []
  for (let n = start; n <= end; n++) out.push(n)
  return out
}

/** A count of records as the screens write it (20,000). */
export const formatCount = (n: number) => n.toLocaleString('en-GB')

const shownRange = (page: number, perPage: number, total: number) =>
  `Showing ${total === 0 ? 0 : (page - 1) * perPage + 1} to ${Math.min(total, page * perPage)}`

/** 'Showing X to Y of Z entries' */
export function showingText(page: number, perPage: number, total: number): string {
  return `${shownRange(page, perPage, total)} of ${total} entries`
}

/**
 * 'Showing 1 to 10 · 6,000 of 20,000 records downloaded' while the device is still filling its
 * mirror: how far it has come, instead of a total that is still growing. `shown` is the list's own
 * count, which may run ahead of the download's.
 */
export function downloadingText(
  page: number,
  perPage: number,
  shown: number,
  download: { done: number; total: number | null },
): string {
  const done = Math.max(download.done, shown)
  const so = download.total
    ? `${formatCount(done)} of ${formatCount(download.total)} records downloaded`
    : `${formatCount(done)} records downloaded so far`
  return `${shownRange(page, perPage, shown)} · ${so}`
}
