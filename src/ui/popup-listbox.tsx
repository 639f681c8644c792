/**
 * The listbox of a popup under an input (the combobox, the global search):
 * options never take focus, the input names the active one
 * (aria-activedescendant), and the list scrolls to keep it in view.
 */
import { type ReactNode, useEffect, useRef } from 'react'
import { cx } from './cx'

interface PopupListboxProps {
  id: string
  /** The element id of the active option, if any. */
  activeId: string | undefined
  /** The list's greatest height, a Tailwind max-h class. */
  maxHeight: string
  'aria-label'?: string
  'aria-labelledby'?: string
  children: ReactNode
}

export function PopupListbox({ id, activeId, maxHeight, children, ...labelled }: PopupListboxProps) {
  const listRef = useRef<HTMLDivElement>(null)

  // Keep the active row in view as the arrow keys move past the popup's edge (the page itself does not scroll).
  useEffect(() => {
    const list = listRef.current
    const row = activeId ? document.getElementById(activeId) : null
    if (!list || !row) return
    if (row.offsetTop < list.scrollTop) list.scrollTop = row.offsetTop
    else if (row.offsetTop + row.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = row.offsetTop + row.offsetHeight - list.clientHeight
  }, [activeId])

  return (
    // Pressing on the list (a row, its scroll bar) must not take focus from the input:
    // the input's blur would close the popup before the click lands.
    <div
      ref={listRef}
      id={id}
      role="listbox"
      {...labelled}
      onMouseDown={(event) => event.preventDefault()}
      className={`relative ${maxHeight} overflow-y-auto overscroll-contain py-1 empty:hidden`}
    >
      {children}
    </div>
  )
}

/** An option's row in the popup: the active one shaded, the others on hover. */
export const popupOption = (active: boolean) =>
  cx(
    'flex min-h-9 cursor-pointer flex-col justify-center px-3 py-1.5 text-sm pointer-coarse:min-h-11',
    active ? 'bg-slate-100' : 'hover:bg-slate-50',
  )
