/**
 * A list screen's page, page size, search text and order, remembered in local storage
 * per list so coming back to a list shows the same page. The caller scopes the
 * list's name to the signed-in user: another member of staff on the same
 * tablet never sees the last one's search.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, PAGE_SIZE_OPTIONS, totalPages } from '../domain/paging'

export interface ListState {
  page: number
  perPage: number
  search: string
  /** 'field' or '-field' (descending); empty for the list's own order. */
  sort: string
}

export const listStateKey = (list: string) => `listState.${list}`

const initial: ListState = { page: FIRST_PAGE, perPage: DEFAULT_PAGE_SIZE, search: '', sort: '' }

/** What was stored, with anything unreadable (an old format, a hand edit) replaced by the defaults. */
export function readListState(list: string, storage: Storage = localStorage): ListState {
  try {
    const stored = JSON.parse(storage.getItem(listStateKey(list)) ?? '{}') as Partial<ListState>
    const sizes: readonly number[] = PAGE_SIZE_OPTIONS
    return {
      page:
        Number.isInteger(stored.page) && (stored.page as number) >= 1
          ? (stored.page as number)
          : initial.page,
      perPage: sizes.includes(stored.perPage as number) ? (stored.perPage as number) : initial.perPage,
      search: typeof stored.search === 'string' ? stored.search : initial.search,
      sort: typeof stored.sort === 'string' ? stored.sort : initial.sort,
    }
  } catch {
    return initial
  }
}

/** Said within the tab when a list's stored state is replaced from outside the list (its name in `detail`). */
const STORED_ELSEWHERE = 'outpost:list-state'

/**
 * Opens a list on a search from elsewhere (the top bar's "Show all"): the
 * search is stored with page 1 and the list's page size, and a list already
 * on screen takes it up at once.
 */
export function storeListSearch(list: string, search: string) {
  const state: ListState = { ...readListState(list), page: FIRST_PAGE, search }
  localStorage.setItem(listStateKey(list), JSON.stringify(state))
  window.dispatchEvent(new CustomEvent<string>(STORED_ELSEWHERE, { detail: list }))
}

export function useListState(list: string) {
  const [state, setState] = useState(() => readListState(list))
  // Grows each time the state is replaced from outside, so a search box holding its own text starts again.
  const [revision, setRevision] = useState(0)

  useEffect(() => {
    localStorage.setItem(listStateKey(list), JSON.stringify(state))
  }, [list, state])

  useEffect(() => {
    const follow = (event: Event) => {
      if ((event as CustomEvent<string>).detail !== list) return
      setState(readListState(list))
      setRevision((count) => count + 1)
    }
    window.addEventListener(STORED_ELSEWHERE, follow)
    return () => window.removeEventListener(STORED_ELSEWHERE, follow)
  }, [list])

  const setPage = useCallback((page: number) => setState((s) => (s.page === page ? s : { ...s, page })), [])
  // a new page size, like a new search, starts again at page 1.
  const setPerPage = useCallback(
    (perPage: number) => setState((s) => ({ ...s, perPage, page: FIRST_PAGE })),
    [],
  )
  const setSearch = useCallback(
    (search: string) => setState((s) => (s.search === search ? s : { ...s, search, page: FIRST_PAGE })),
    [],
  )
  // Another order starts again at page 1 too: page 7 of another order shows other records.
  const setSort = useCallback(
    (sort: string) => setState((s) => (s.sort === sort ? s : { ...s, sort, page: FIRST_PAGE })),
    [],
  )
  return useMemo(
    () => ({ ...state, revision, setPage, setPerPage, setSearch, setSort }),
    [state, revision, setPage, setPerPage, setSearch, setSort],
  )
}

/**
 * the page resets to 1 when the total changes. The first total after
 * mounting is not a change (that is the restored list arriving), and a page
 * past the end (a restored page of a list that shrank) moves to the last page.
 */
export function usePageGuard(
  state: { page: number; perPage: number; setPage: (page: number) => void },
  total: number | undefined,
) {
  const previous = useRef<number | undefined>(undefined)
  const { page, perPage, setPage } = state
  useEffect(() => {
    if (total === undefined) return
    const last = totalPages(total, perPage)
    if (previous.current !== undefined && previous.current !== total) setPage(FIRST_PAGE)
    else if (page > last) setPage(last)
    previous.current = total
  }, [total, page, perPage, setPage])
}
