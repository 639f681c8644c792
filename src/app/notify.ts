/** The sync engine's notices as toasts, bottom right, word for word. */
import { toast } from 'sonner'
import type { NoticeLevel } from '../sync/context'

const byLevel = { danger: toast.error, warning: toast.warning, info: toast.info, success: toast.success }

export function notify(text: string, level: NoticeLevel) {
  byLevel[level](text)
}
