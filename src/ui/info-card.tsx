/**
 * Beside an edit form: a record's saved ways of reaching it (email, phone, a
 * website…), each with a button that uses it. Shows what is saved, not what
 * is being typed, and refreshes when the record does. Long values (a
 * company's 80-character name, an address) wrap: the card shows them whole.
 */
import type { ComponentType, ReactNode } from 'react'
import { cx } from './cx'
import { card, iconButton } from './styles'

export interface InfoLine {
  label: string
  value: string
  /** What the line's button opens (mailto:, tel:, a web address); none: no button. */
  href?: string
  /** The button's accessible name, e.g. "Call Ada Lovelace". */
  action?: string
  Icon?: ComponentType
  /** Shown instead of the value, e.g. a link to a related record. */
  content?: ReactNode
}

interface InfoCardProps {
  /** The landmark's name, e.g. 'Contact info'. */
  label: string
  name: string
  subtitle: string
  initials: string
  lines: readonly InfoLine[]
}

export function InfoCard({ label, name, subtitle, initials, lines }: InfoCardProps) {
  return (
    <aside aria-label={label} className={`${card} p-5`}>
      <div className="mb-4 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-light text-sm font-semibold text-brand-dark"
        >
          {initials}
        </span>
        <div className="min-w-0">
          <p className="font-medium wrap-anywhere text-slate-900">{name}</p>
          <p className="text-[13px] wrap-anywhere text-slate-500">{subtitle}</p>
        </div>
      </div>
      <dl className="divide-y divide-slate-100">
        {lines.map(({ label: lineLabel, value, href, action, Icon, content }) => {
          const button = value && href && Icon
          return (
            // The line's button sits on its right, beside the label and the value together; it is in the
            // dd, since a dl's groups may hold only dt and dd.
            <div key={lineLabel} className={cx('relative py-2.5', button && 'pr-12')}>
              <dt className="text-xs text-slate-500">{lineLabel}</dt>
              <dd className={cx('text-sm wrap-anywhere', value ? 'text-slate-800' : 'text-slate-500')}>
                {content ?? (value || 'None')}
                {button && (
                  <a
                    href={href}
                    aria-label={action}
                    {...(href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                    className={cx(
                      iconButton,
                      'absolute top-1/2 right-0 -translate-y-1/2 text-brand hover:text-brand-dark',
                    )}
                  >
                    <Icon />
                  </a>
                )}
              </dd>
            </div>
          )
        })}
      </dl>
    </aside>
  )
}

/** "Ada Lovelace" → "AL"; one word → its first letter. */
export const initialsOf = (...words: string[]) =>
  words
    .map((word) => word.trim().charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase()
