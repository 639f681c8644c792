/**
 * The top bar's search over every entity, read from the device's mirror, so
 * it works offline too. Results come grouped by entity as the user types; a
 * row opens the record, "Show all" opens the entity's list on the same
 * search. It is the WAI-ARIA combobox with a listbox popup, as in
 * src/ui/combobox.tsx: focus stays in the input while the arrow keys move
 * aria-activedescendant. `/` focuses it from anywhere else. Below 1024 px
 * (no sidebar, a crowded top bar) it is an icon button until used, then a
 * field over the whole top bar.
 */
import { useNavigate } from '@tanstack/react-router'
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { useRuntime } from '../../app/runtime-context'
import type { GlobalQuery } from '../../domain/global-search'
import { cx } from '../../ui/cx'
import { CloseIcon, SearchIcon } from '../../ui/icons'
import { iconButton, input } from '../../ui/styles'
import { storeListSearch } from '../../ui/use-list-state'
import { screens } from '../records/screens'
import { warmGlobalSearch } from './global-find'
import { type ResultItem, resultGroups } from './result-items'
import { optionId, ResultsPopup } from './results-popup'
import { useFound } from './use-found'
import { useSlashKey } from './use-slash-key'

export function GlobalSearch() {
  const { db, user } = useRuntime()
  const navigate = useNavigate()
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const [text, setText] = useState('')
  const [focused, setFocused] = useState(false)
  const [open, setOpen] = useState(false)
  // Below 1024 px: the field is shown (over the top bar) only while in use.
  const [expanded, setExpanded] = useState(false)
  // The active row by key, not by position: when new results arrive, a row that is gone is no longer active.
  const [activeKey, setActiveKey] = useState<string | null>(null)
  // Searched only while in use: text left in the box does not follow every change of the mirror.
  const found = useFound(focused ? text : '')

  const groups = found ? resultGroups(found) : []
  const items = groups.flatMap((group) => group.items)
  // Results for some text, not the empty answer left from before the field was focused again.
  const showPopup = open && text.trim() !== '' && found !== undefined && found.text !== ''
  const activeIndex = showPopup ? items.findIndex((item) => item.key === activeKey) : -1
  const activeId = activeIndex < 0 ? undefined : optionId(id, activeIndex)

  // The field appears only after this render below 1024 px; focus it once it is there.
  useEffect(() => {
    if (expanded) inputRef.current?.focus()
  }, [expanded])

  const start = () => {
    setExpanded(true)
    inputRef.current?.focus()
  }
  useSlashKey(start)

  const close = () => {
    setOpen(false)
    setActiveKey(null)
  }

  const choose = (item: ResultItem) => {
    const screen = screens[item.collection]
    close()
    setText('')
    inputRef.current?.blur()
    if (item.kind === 'record') {
      void navigate({ to: screen.paths.edit, params: { id: item.id } })
      return
    }
    // The list remembers its search per user (src/ui/use-list-state.ts): it opens on this one.
    storeListSearch(`${user.id}.${screen.listKey}`, found?.text ?? text.trim())
    void navigate({ to: screen.paths.list })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter and the arrows belong to the input method while it composes a character.
    if (event.nativeEvent.isComposing) return
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault()
        if (!showPopup) {
          setOpen(true)
          return
        }
        // Past either end to the other; from no row, Down starts at the first and Up at the last.
        const step = event.key === 'ArrowDown' ? 1 : -1
        const from = activeIndex < 0 ? (step > 0 ? -1 : items.length) : activeIndex
        setActiveKey(items[(from + step + items.length) % items.length]?.key ?? null)
        return
      }
      case 'Enter': {
        if (!showPopup) return
        event.preventDefault()
        // No row picked yet: the first, once the results answer what is typed.
        const item = items[activeIndex] ?? (found?.text === text.trim() ? items[0] : undefined)
        if (item) choose(item)
        return
      }
      case 'Escape':
        // The first Escape closes the results and keeps the text; the next one leaves the field.
        event.preventDefault()
        if (showPopup) close()
        else inputRef.current?.blur()
        return
      case 'Tab':
        close()
    }
  }

  let status = ''
  if (found && found.groups.length === 0)
    status = found.preparing ? 'Getting the search ready…' : `Nothing matches “${found.text}”`
  else if (found?.preparing) status = 'Still getting some records ready…'

  // Below 1024 px the field folds away once focus leaves the search (its close button is part of it).
  const onLeave = (event: FocusEvent<HTMLElement>) => {
    if (!rootRef.current?.contains(event.relatedTarget)) setExpanded(false)
  }

  return (
    <div ref={rootRef} className="ml-auto flex items-center">
      <button
        type="button"
        aria-label="Search"
        onClick={start}
        className={cx(iconButton, 'lg:hidden', expanded && 'hidden')}
      >
        <SearchIcon className="size-5" />
      </button>
      <div
        className={cx(
          'lg:relative lg:transition-[width]',
          focused ? 'lg:w-72 xl:w-96' : 'lg:w-48 xl:w-64',
          expanded
            ? 'max-lg:absolute max-lg:inset-x-0 max-lg:top-0 max-lg:z-30 max-lg:flex max-lg:h-14 max-lg:items-center max-lg:gap-2 max-lg:border-b max-lg:border-slate-200 max-lg:bg-white max-lg:px-4 max-lg:sm:px-6'
            : 'max-lg:hidden',
        )}
      >
        <div className="relative min-w-0 flex-1">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
          <input
            ref={inputRef}
            type="text"
            role="combobox"
            aria-label="Search everything"
            aria-keyshortcuts="/"
            aria-autocomplete="list"
            aria-expanded={showPopup}
            aria-controls={`${id}-listbox`}
            aria-activedescendant={activeId}
            enterKeyHint="search"
            autoComplete="off"
            spellCheck={false}
            placeholder="Search…"
            value={text}
            onChange={(event) => {
              setText(event.target.value)
              setOpen(true)
              setActiveKey(null)
            }}
            onFocus={() => {
              setFocused(true)
              setExpanded(true)
              setOpen(true)
              warmGlobalSearch(db)
            }}
            onBlur={(event) => {
              setFocused(false)
              close()
              onLeave(event)
            }}
            onKeyDown={onKeyDown}
            className={cx(input, 'pr-8 pl-9')}
          />
          {!focused && text === '' && (
            // The key is named to assistive technology by aria-keyshortcuts.
            <span
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-slate-200 px-1.5 font-sans text-xs text-slate-500 max-lg:hidden pointer-coarse:hidden"
            >
              /
            </span>
          )}
        </div>
        {expanded && (
          <button
            type="button"
            aria-label="Close search"
            onClick={() => setExpanded(false)}
            onBlur={onLeave}
            className={cx(iconButton, 'lg:hidden')}
          >
            <CloseIcon className="size-5" />
          </button>
        )}
        <ResultsPopup
          id={id}
          open={showPopup}
          status={status}
          groups={groups}
          items={items}
          activeIndex={activeIndex}
          query={found?.query ?? noQuery}
          onChoose={choose}
        />
      </div>
    </div>
  )
}

const noQuery: GlobalQuery = { words: [], numbers: [], digits: '' }
