/** An inline notice inside a screen (not a toast): for states the user must see while they stay. */
import type { ReactNode } from 'react'
import { cx } from './cx'
import { AlertIcon } from './icons'

const tones = {
  danger: 'border-red-200 bg-red-50 text-red-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
}

export function Banner({
  tone,
  title,
  children,
  actions,
  live = true,
}: {
  tone: keyof typeof tones
  title?: string
  children?: ReactNode
  /** Buttons that deal with what the banner says, under its text. */
  actions?: ReactNode
  /** Announce the banner when it appears; a list of many (the sync-issues page) should not. */
  live?: boolean
}) {
  const role = tone === 'danger' ? 'alert' : 'status'
  return (
    <div role={live ? role : undefined} className={cx('flex gap-3 rounded-lg border p-3.5', tones[tone])}>
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1 space-y-1">
        {title && <p className="font-medium">{title}</p>}
        {children && <div className="text-[13px] leading-relaxed">{children}</div>}
        {actions && <div className="flex flex-wrap gap-2 pt-2">{actions}</div>}
      </div>
    </div>
  )
}
