/**
 * What a screen says when a local write throws. Writes go to IndexedDB, so the
 * likely cause is a full disk (src/db/quota.ts). Whatever happened, the screen
 * keeps what the user typed.
 */
import { toast } from 'sonner'
import { isQuotaError } from '../../db/quota'
import { messages } from '../../domain/errors'

export { isQuotaError }

export const outOfStorageText =
  'This device is out of storage space, so your change was not saved. Free some space and try again.'

export function saveErrorText(error: unknown): string {
  return isQuotaError(error) ? outOfStorageText : messages.generic
}

/**
 * Shows the failure as a danger toast (bottom right). A full disk's stays until closed: the user must free
 * space before anything more can be saved, and a notice that fades in seconds could go unread.
 */
export function reportSaveError(error: unknown) {
  const full = isQuotaError(error)
  // A full disk is the user's to fix; anything else is ours, so keep a trace for whoever debugs it.
  if (!full) console.error(error)
  toast.error(saveErrorText(error), full ? { duration: Number.POSITIVE_INFINITY, id: outOfStorageText } : {})
}
