/**
 * The question itself (Radix Dialog: focus is trapped inside and returned
 * afterwards; Escape and a click outside count as "no"), loaded the first time
 * a question is asked (confirm-dialog.tsx).
 */
import * as Dialog from '@radix-ui/react-dialog'
import { type ReactNode, useEffect, useRef } from 'react'
import { cx } from './cx'
import { button } from './styles'

export interface ConfirmDialogProps {
  open: boolean
  title: string
  description: string
  confirmLabel: string
  cancelLabel: string
  tone?: 'danger' | 'primary'
  /** The answer is being acted on: the yes waits (a second press, or Enter, does nothing). */
  busy?: boolean
  /** Fields the answer needs (a value to set), between the text and the buttons; Enter in them confirms. */
  children?: ReactNode
  /**
   * The yes. A question whose fields were refused stays open: it answers false, or a promise of false
   * (then Escape and the cancel button are a no again).
   */
  onConfirm: () => unknown
  /** Called for every way of saying no: the cancel button, Escape, a click outside. */
  onCancel: () => void
}

export function ConfirmDialogView(props: ConfirmDialogProps) {
  const {
    open,
    title,
    description,
    confirmLabel,
    cancelLabel,
    tone = 'danger',
    busy,
    children,
    onConfirm,
    onCancel,
  } = props
  // Radix reports the close of a confirmed dialog too; only a close without a confirm is a cancel.
  const confirmed = useRef(false)
  // The screen closes a confirmed dialog through `open`, which Radix does not report: start clean on each opening.
  useEffect(() => {
    if (open) confirmed.current = false
  }, [open])

  const onOpenChange = (next: boolean) => {
    if (next) return
    if (!confirmed.current) onCancel()
    confirmed.current = false
  }
  const confirm = async () => {
    confirmed.current = true
    if ((await onConfirm()) === false) confirmed.current = false
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[1px]" />
        <Dialog.Content
          className={cx(
            'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2',
            'rounded-xl bg-white p-6 shadow-xl ring-1 ring-slate-900/5',
          )}
        >
          <Dialog.Title className="text-base font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm leading-relaxed text-slate-600">
            {description}
          </Dialog.Description>
          <form
            onSubmit={(event) => {
              event.preventDefault()
              void confirm()
            }}
          >
            {children && <div className="mt-4 space-y-4">{children}</div>}
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close type="button" className={button.secondary}>
                {cancelLabel}
              </Dialog.Close>
              <button
                type="submit"
                disabled={busy}
                aria-busy={busy || undefined}
                className={tone === 'danger' ? button.danger : button.primary}
              >
                {confirmLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
