/**
 * Leaving a screen whose form holds unsaved typing asks first: by the sidebar, a link, the browser's
 * Back, or closing the tab (the browser's own question). Staying keeps everything as it was; leaving
 * discards the typing and its draft on the device (ui/unsaved-forms.ts). Moves the app makes itself
 * once the typing is safe (a saved record opening its edit screen, signing out) do not ask.
 */
import { useBlocker } from '@tanstack/react-router'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { discardUnsavedForms, hasUnsavedForm } from '../../ui/unsaved-forms'

export const LEAVE_QUESTION = {
  title: 'Leave without saving?',
  description: 'What you typed on this screen is not saved yet. Leaving discards it.',
  confirmLabel: 'Discard and leave',
  cancelLabel: 'Keep editing',
}

export function LeaveGuard() {
  const blocker = useBlocker({
    // A search or a page of the same screen is not leaving it.
    shouldBlockFn: ({ current, next }) => hasUnsavedForm() && current.pathname !== next.pathname,
    enableBeforeUnload: hasUnsavedForm,
    withResolver: true,
  })
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      {...LEAVE_QUESTION}
      onConfirm={() => {
        discardUnsavedForms()
        blocker.proceed?.()
      }}
      onCancel={() => blocker.reset?.()}
    />
  )
}
