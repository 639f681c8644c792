/**
 * Which forms on screen hold typing that is not saved yet. The update notice
 * asks before reloading the page under one (the typing would be lost).
 */
import { useEffect, useId } from 'react'

const dirty = new Set<string>()

export const hasUnsavedForm = () => dirty.size > 0

/** Marks this form as holding unsaved typing while `unsaved` is true. */
export function useUnsavedForm(unsaved: boolean) {
  const id = useId()
  useEffect(() => {
    if (!unsaved) return
    dirty.add(id)
    return () => {
      dirty.delete(id)
    }
  }, [id, unsaved])
}
