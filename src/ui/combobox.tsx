/**
 * A search-and-pick field: the WAI-ARIA 1.2 combobox with a listbox popup.
 * The caller does the searching: it hears every change of the typed text and
 * answers with the options to show. Focus never leaves the input; the option
 * the arrow keys are on is named by aria-activedescendant, as the pattern asks,
 * so screen readers follow it while the user keeps typing.
 */
import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { foldText } from '../domain/fold'
import { foldedWordRanges } from '../domain/highlight'
import { cx } from './cx'
import { ChevronDownIcon, CloseIcon, PlusIcon } from './icons'
import { Marked } from './marked'
import { PopupListbox, popupOption } from './popup-listbox'
import { iconButton, input, invalidInput } from './styles'

export interface ComboboxOption {
  id: string
  label: string
  detail?: string
}

export interface ComboboxProps {
  /** The visible label, bound to the input. */
  label: string
  /** The current choice, shown in the input whenever the user is not typing. */
  value: ComboboxOption | null
  /** The results for the current search text: the caller searches. */
  options: readonly ComboboxOption[]
  /** Called on every change of the typed text (and with '' when the popup opens before any typing). */
  onSearch: (text: string) => void
  /** null when the user clears the choice. */
  onSelect: (option: ComboboxOption | null) => void
  /** e.g. 'Add New Company': an extra last option, always there while the popup is open. */
  createLabel?: string
  /** Called with the typed text when the create option is chosen. */
  onCreate?: (text: string) => void
  placeholder?: string
  error?: string
  /** Shown in the popup when there are no options, e.g. 'No companies match'. */
  emptyText?: string
  /** Show a clear (×) button while a value is set. */
  clearable?: boolean
  /** Submits the chosen option's id under this name with a plain form. */
  name?: string
}

/** One row of the popup: an option, or the create option (option null). */
interface Item {
  key: string
  option: ComboboxOption | null
}

export function Combobox(props: ComboboxProps) {
  const { label, value, options, onSearch, onSelect, createLabel, onCreate, placeholder, error, emptyText } =
    props
  const { clearable = true, name } = props
  const id = useId()
  const [open, setOpen] = useState(false)
  // What the user typed; null when not searching, and the input shows the current value instead.
  const [text, setText] = useState<string | null>(null)
  // The active row by key, not by position: when new results arrive, a row that is gone is no longer active.
  const [activeKey, setActiveKey] = useState<string | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)

  const items: Item[] = options.map((option) => ({ key: `option:${option.id}`, option }))
  if (createLabel && onCreate) items.push({ key: 'create', option: null })
  const showPopup = open && (items.length > 0 || Boolean(emptyText))
  const activeIndex = showPopup ? items.findIndex((item) => item.key === activeKey) : -1
  const optionId = (index: number) => `${id}-option-${index}`
  const activeId = activeIndex < 0 ? undefined : optionId(activeIndex)
  const last = items.length - 1

  const activate = (index: number) => setActiveKey(items[index]?.key ?? null)

  const openPopup = () => {
    if (open) return
    setOpen(true)
    // Opened without typing: offer the first of everything, not what an earlier search left behind.
    if (text === null) onSearch('')
  }

  /** Closes the popup; `restore` also drops the typed text, so the input shows the current value again. */
  const close = (restore: boolean) => {
    setOpen(false)
    setActiveKey(null)
    if (restore) setText(null)
  }

  const choose = (item: Item) => {
    close(true)
    if (item.option) onSelect(item.option)
    else onCreate?.(text ?? '')
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter and the arrows belong to the input method while it composes a character.
    if (event.nativeEvent.isComposing) return
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        if (!showPopup) {
          openPopup()
          activate(0)
        } else activate(activeIndex < 0 || activeIndex === last ? 0 : activeIndex + 1)
        return
      case 'ArrowUp':
        event.preventDefault()
        if (!showPopup) {
          openPopup()
          activate(last)
        } else activate(activeIndex <= 0 ? last : activeIndex - 1)
        return
      case 'Home':
      case 'End':
        // With the popup closed they move the caret, as in any text box.
        if (!showPopup) return
        event.preventDefault()
        activate(event.key === 'Home' ? 0 : last)
        return
      case 'Enter': {
        if (!showPopup) return
        // A pick in the popup, never the surrounding form's submit.
        event.preventDefault()
        const item = items[activeIndex]
        if (item) choose(item)
        return
      }
      case 'Escape':
        // The first Escape closes the popup and keeps the text; the second gives the value back.
        if (open) close(false)
        else if (text !== null) setText(null)
        else return
        event.preventDefault()
        return
      case 'Tab':
        if (open || text !== null) close(true)
    }
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showPopup}
          aria-controls={`${id}-listbox`}
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={text ?? value?.label ?? ''}
          onChange={(event) => {
            const next = event.target.value
            setText(next)
            setOpen(true)
            setActiveKey(null)
            onSearch(next)
          }}
          onClick={openPopup}
          onKeyDown={onKeyDown}
          onBlur={() => close(true)}
          className={cx(
            error ? invalidInput : input,
            clearable && value ? 'pr-16 pointer-coarse:pr-18' : 'pr-8',
          )}
        />
        {clearable && value && (
          <button
            type="button"
            aria-label={`Clear ${label.toLocaleLowerCase()}`}
            className={cx(iconButton, 'absolute top-0 right-6')}
            onClick={() => {
              close(true)
              onSelect(null)
              inputRef.current?.focus()
            }}
          >
            <CloseIcon />
          </button>
        )}
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-slate-400" />
        <div
          hidden={!showPopup}
          className="absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg"
        >
          {options.length === 0 && emptyText && (
            <p className="px-3 py-2 text-sm text-slate-500">{emptyText}</p>
          )}
          <PopupListbox
            id={`${id}-listbox`}
            activeId={activeId}
            maxHeight="max-h-64"
            aria-labelledby={`${id}-label`}
          >
            {items.map((item, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: keys work in the input (aria-activedescendant); options never take focus
              <div
                key={item.key}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                onClick={() => choose(item)}
                className={cx(
                  popupOption(index === activeIndex),
                  item.option === null && options.length > 0 && 'border-t border-slate-100',
                )}
              >
                {item.option ? (
                  <>
                    <span
                      className={cx(
                        'break-words text-slate-900',
                        item.option.id === value?.id && 'font-semibold',
                      )}
                    >
                      <Highlight text={item.option.label} search={text ?? ''} />
                    </span>
                    {item.option.detail && (
                      <span className="truncate text-xs text-slate-500">{item.option.detail}</span>
                    )}
                  </>
                ) : (
                  <span className="flex items-center gap-2 font-medium text-brand">
                    <PlusIcon />
                    {createLabel}
                  </span>
                )}
              </div>
            ))}
          </PopupListbox>
        </div>
      </div>
      {name && <input type="hidden" name={name} value={value?.id ?? ''} />}
      {error && (
        <p id={`${id}-error`} className="text-[13px] text-red-600">
          {error}
        </p>
      )}
    </div>
  )
}

/** The label with the searched words marked, ignoring case and accents. */
function Highlight({ text, search }: { text: string; search: string }) {
  return <Marked text={text} ranges={foldedWordRanges(text, search.split(/\s+/).map(foldText))} />
}
