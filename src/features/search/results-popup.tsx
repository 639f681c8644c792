/**
 * The search's popup: a status line when there is nothing (yet) to pick, and
 * the listbox of results, a group per entity under its heading. Options never
 * take focus: the input names the active one (aria-activedescendant).
 */
import type { GlobalQuery } from '../../domain/global-search'
import { PopupListbox, popupOption } from '../../ui/popup-listbox'
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
      <PopupListbox
        id={`${id}-listbox`}
        activeId={activeIndex < 0 ? undefined : optionId(id, activeIndex)}
        maxHeight="max-h-[min(32rem,70dvh)]"
        aria-label="Search results"
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
                  className={popupOption(index === activeIndex)}
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
      </PopupListbox>
    </div>
  )
}
