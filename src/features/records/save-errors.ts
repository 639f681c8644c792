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

/** Shows the failure as a danger toast (bottom right). */
export function reportSaveError(error: unknown) {
  // A full disk is the user's to fix; anything else is ours, so keep a trace for whoever debugs it.
  if (!isQuotaError(error)) console.error(error)
  toast.error(saveErrorText(error))
}
