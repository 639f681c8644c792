/** Beside the edit form (SPEC.md §2): the saved email, phone and mobile, each with a button that uses it. */
import type { ComponentType } from 'react'
import { cx } from '../../ui/cx'
import { MailIcon, MobileIcon, PhoneIcon } from '../../ui/icons'
import { card, iconButton } from '../../ui/styles'
import type { ContactFormValues } from './contact-fields'

interface Line {
  label: string
  value: string
  href: string
  action: string
  Icon: ComponentType
}

export function ContactInfoCard({ contact, name }: { contact: ContactFormValues; name: string }) {
  const lines: Line[] = [
    {
      label: 'Email',
      value: contact.email,
      href: `mailto:${contact.email}`,
      action: `Email ${name}`,
      Icon: MailIcon,
    },
    {
      label: 'Phone',
      value: contact.phone,
      href: `tel:${contact.phone}`,
      action: `Call ${name}`,
      Icon: PhoneIcon,
    },
    {
      label: 'Mobile',
      value: contact.mobile,
      href: `tel:${contact.mobile}`,
      action: `Call ${name}'s mobile`,
      Icon: MobileIcon,
    },
  ]
  return (
    <aside aria-label="Contact info" className={`${card} p-5`}>
      <div className="mb-4 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 items-center justify-center rounded-full bg-brand-light text-sm font-semibold text-brand-dark"
        >
          {(contact.firstName.charAt(0) + contact.lastName.charAt(0)).toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{name}</p>
          <p className="truncate text-[13px] text-slate-500">
            {[contact.title, contact.department].filter(Boolean).join(' · ') || 'Contact'}
          </p>
        </div>
      </div>
      <dl className="divide-y divide-slate-100">
        {lines.map(({ label, value, href, action, Icon }) => (
          <div key={label} className="flex items-center gap-3 py-2.5">
            <div className="min-w-0 flex-1">
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className={cx('truncate text-sm', value ? 'text-slate-800' : 'text-slate-400')}>
                {value || 'None'}
              </dd>
            </div>
            {value && (
              <a
                href={href}
                aria-label={action}
                className={cx(iconButton, 'text-brand hover:text-brand-dark')}
              >
                <Icon />
              </a>
            )}
          </div>
        ))}
      </dl>
    </aside>
  )
}
