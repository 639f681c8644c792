/**
 * `/` anywhere focuses the search, as on many sites, unless the user is
 * typing in a field (where `/` is just a character) or working in a dialog.
 */
import { useEffect, useRef } from 'react'

/** Inputs where `/` is not typed: buttons and choices. */
const NOT_TYPED = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
])

function isTypingIn(target: EventTarget | null) {
  if (!(target instanceof Element)) return false
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type)
  return target.closest('textarea, select, [contenteditable]:not([contenteditable="false"])') !== null
}

export function useSlashKey(onSlash: () => void) {
  const latest = useRef(onSlash)
  latest.current = onSlash
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.defaultPrevented || event.isComposing) return
      if (event.ctrlKey || event.metaKey || event.altKey) return
      if (isTypingIn(event.target)) return
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]'))
        return
      event.preventDefault()
      latest.current()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
