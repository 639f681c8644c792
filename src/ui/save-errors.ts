/**
 * What a screen says when a local write throws. Writes go to IndexedDB, so the
 * likely cause is a full disk; Dexie reports it as QuotaExceededError, either
 * directly or wrapped (an AbortError of the transaction with the cause as
 * `inner`). Whatever happened, the screen keeps what the user typed.
 */
import { toast } from 'sonner'
import { messages } from '../domain/errors'

export const outOfStorageText =
  'This device is out of storage space, so your change was not saved. Free some space and try again.'

/** Follows `inner` (Dexie) and `cause` (standard) a few levels down, looking for a quota error. */
export function isQuotaError(error: unknown): boolean {
  let current = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { name, inner, cause } = current as { name?: unknown; inner?: unknown; cause?: unknown }
    if (name === 'QuotaExceededError') return true
    current = inner ?? cause
  }
  return false
}

export function saveErrorText(error: unknown): string {
  return isQuotaError(error) ? outOfStorageText : messages.generic
}

/** Shows the failure as a danger toast (bottom right, SPEC.md §8). */
export function reportSaveError(error: unknown) {
  // A full disk is the user's to fix; anything else is ours, so keep a trace for whoever debugs it.
  if (!isQuotaError(error)) console.error(error)
  toast.error(saveErrorText(error))
}
