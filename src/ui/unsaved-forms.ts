/**
 * Which forms on screen hold typing that is not saved yet. Leaving the screen asks first
 * (app/layout/leave-guard.tsx), and the update notice asks before reloading the page under one.
 * A form may say how its typing is discarded (its draft on the device dropped) when the person
 * chooses to leave without saving.
 */
import { useEffect, useId, useRef } from 'react'

const dirty = new Map<string, () => void>()

export const hasUnsavedForm = () => dirty.size > 0

/** Each unsaved form on screen lets go of its typing: the person chose to leave without saving. */
export function discardUnsavedForms() {
  for (const discard of Array.from(dirty.values())) discard()
  dirty.clear()
}

/** Marks this form as holding unsaved typing while `unsaved` is true; `discard` drops what it keeps of it. */
export function useUnsavedForm(unsaved: boolean, discard?: () => void) {
  const id = useId()
  const latest = useRef(discard)
  latest.current = discard
  useEffect(() => {
    if (!unsaved) return
    dirty.set(id, () => latest.current?.())
    return () => {
      dirty.delete(id)
    }
  }, [id, unsaved])
}
