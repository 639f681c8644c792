/**
 * A yes/no question in a modal. The dialog (Radix, about 13 KB of gzipped
 * script) is loaded the first time a question is asked, not with every screen
 * that might ask one: a list or the shell's Log Out paints without it. The
 * service worker keeps it, so it opens offline too. Once loaded it stays
 * mounted, so closing it returns focus as Radix does.
 */
import { lazy, Suspense, useState } from 'react'
import type { ConfirmDialogProps } from './confirm-dialog-view'

const ConfirmDialogView = lazy(() =>
  import('./confirm-dialog-view').then(({ ConfirmDialogView }) => ({ default: ConfirmDialogView })),
)

export function ConfirmDialog(props: ConfirmDialogProps) {
  const [asked, setAsked] = useState(props.open)
  if (props.open && !asked) setAsked(true)
  if (!asked) return null
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView {...props} />
    </Suspense>
  )
}
