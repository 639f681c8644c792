/** The top line of an entry on the sync-issues page: which kind of record, what was done, when, and its name. */
import type { ReactNode } from 'react'
import { timeFormat } from '../../ui/time-format'

interface IssueHeadingProps {
  id: string
  kicker: string
  at: number
  children: ReactNode
  action?: ReactNode
}

export function IssueHeading({ id, kicker, at, children, action }: IssueHeadingProps) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
      <div className="min-w-0">
        <p className="text-xs text-slate-500">
          {kicker} · <time dateTime={new Date(at).toISOString()}>{timeFormat.format(at)}</time>
        </p>
        <h3 id={id} className="mt-0.5 text-base font-medium text-slate-900">
          {children}
        </h3>
      </div>
      {action}
    </div>
  )
}
