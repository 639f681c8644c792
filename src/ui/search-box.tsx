/**
 * The list search box. It keeps what is typed locally and reports it after the
 * user pauses for `delay` ms (300 ms), so each keystroke does not
 * start a new query. Enter searches at once.
 */
import { useEffect, useRef, useState } from 'react'
import { cx } from './cx'
import { SearchIcon } from './icons'
import { input } from './styles'

interface SearchBoxProps {
  value: string
  onSearch: (text: string) => void
  delay?: number
  placeholder?: string
}

export function SearchBox({ value, onSearch, delay = 300, placeholder = 'Search records' }: SearchBoxProps) {
  const [text, setText] = useState(value)
  // The latest callback, without restarting the timer when the parent re-renders.
  const report = useRef(onSearch)
  report.current = onSearch

  useEffect(() => {
    if (text === value) return
    const timer = setTimeout(() => report.current(text), delay)
    return () => clearTimeout(timer)
  }, [text, value, delay])

  return (
    <div className="relative w-full sm:w-72">
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        type="search"
        aria-label={placeholder}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && text !== value) report.current(text)
        }}
        className={cx(input, 'pl-9')}
      />
    </div>
  )
}
