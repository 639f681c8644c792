/**
 * The search's popup: a status line when there is nothing (yet) to pick, and
 * the listbox of results, a group per entity under its heading. Options never
 * take focus: the input names the active one (aria-activedescendant).
 */
import { useEffect, useRef } from 'react'
import type { GlobalQuery } from '../../domain/global-search'
import { cx } from '../../ui/cx'
import { MarkedText } from './marked-text'
import type { ResultGroup, ResultItem } from './result-items'

/** The element id of the option at `index` in the popup whose ids start with `id`. */
export const optionId = (id: string, index: number) => `${id}-option-${index}`

interface ResultsPopupProps {
  id: string
  open: boolean
  status: string
  groups: ResultGroup[]
  /** Every group's items in order: what the arrow keys move through. */
  items: ResultItem[]
  activeIndex: number
  /** The query the results answer, for marking what matched. */
  query: GlobalQuery
  onChoose: (item: ResultItem) => void
}

export function ResultsPopup({
  id,
  open,
  status,
  groups,
  items,
  activeIndex,
  query,
  onChoose,
}: ResultsPopupProps) {
  const listRef = useRef<HTMLDivElement>(null)

  // Keep the active row in view as the arrow keys move past the popup's edge.
  useEffect(() => {
    const list = listRef.current
    const row = activeIndex < 0 ? null : document.getElementById(optionId(id, activeIndex))
    if (!list || !row) return
    if (row.offsetTop < list.scrollTop) list.scrollTop = row.offsetTop
    else if (row.offsetTop + row.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = row.offsetTop + row.offsetHeight - list.clientHeight
  }, [id, activeIndex])

  return (
    <div
      hidden={!open}
      className="absolute top-full right-0 z-30 mt-1 w-[min(28rem,calc(100vw-2rem))] overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg max-lg:inset-x-2 max-lg:w-auto"
    >
      {status && (
        <p role="status" className="px-3 py-2 text-sm text-slate-500">
          {status}
        </p>
      )}
      {/* Pressing on the list (a row, its scroll bar) must not take focus from the input:
          the input's blur would close the popup before the click lands. */}
      <div
        ref={listRef}
        id={`${id}-listbox`}
        role="listbox"
        aria-label="Search results"
        onMouseDown={(event) => event.preventDefault()}
        className="relative max-h-[min(32rem,70dvh)] overflow-y-auto overscroll-contain py-1 empty:hidden"
      >
        {groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox's group of options (ARIA 1.2); a fieldset groups form controls
          <div key={group.collection} role="group" aria-labelledby={`${id}-${group.collection}`}>
            <div
              role="presentation"
              id={`${id}-${group.collection}`}
              className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
            >
              {group.heading}
            </div>
            {group.items.map((item) => {
              const index = items.indexOf(item)
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: keys work in the input (aria-activedescendant); options never take focus
                <div
                  key={item.key}
                  id={optionId(id, index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  onClick={() => onChoose(item)}
                  className={cx(
                    'flex min-h-9 cursor-pointer flex-col justify-center px-3 py-1.5 text-sm pointer-coarse:min-h-11',
                    index === activeIndex ? 'bg-slate-100' : 'hover:bg-slate-50',
                  )}
                >
                  {item.kind === 'record' ? (
                    <>
                      <span className="truncate text-slate-900">
                        <MarkedText text={item.name} query={query} />
                      </span>
                      {item.detail && (
                        <span className="truncate text-xs text-slate-500">
                          <MarkedText text={item.detail} query={query} />
                        </span>
                      )}
                    </>
                  ) : (
                    <span className="font-medium text-brand">{item.label}</span>
                  )}
                </div>
              )
            })}
          </div>
        ))}
      </div>
    </div>
  )
}
