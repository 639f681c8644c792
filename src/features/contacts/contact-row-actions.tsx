/** Per-row actions of the contact list: email (a mail link, SPEC.md §2), edit, delete. */
import { Link } from '@tanstack/react-router'
import { cx } from '../../ui/cx'
import { EditIcon, MailIcon, TrashIcon } from '../../ui/icons'
import { iconButton } from '../../ui/styles'

interface ContactRowActionsProps {
  id: string
  name: string
  email: string
  onDelete: () => void
}

export function ContactRowActions({ id, name, email, onDelete }: ContactRowActionsProps) {
  return (
    <div className="flex items-center justify-end gap-0.5">
      {email ? (
        <a
          href={`mailto:${email}`}
          aria-label={`Email ${name}`}
          title={`Email ${email}`}
          className={iconButton}
        >
          <MailIcon />
        </a>
      ) : (
        <button
          type="button"
          disabled
          aria-label={`Email ${name}`}
          title="No email address"
          className={iconButton}
        >
          <MailIcon />
        </button>
      )}
      <Link
        to="/contacts/edit/$id"
        params={{ id }}
        aria-label={`Edit ${name}`}
        title="Edit"
        className={iconButton}
      >
        <EditIcon />
      </Link>
      <button
        type="button"
        aria-label={`Delete ${name}`}
        title="Delete"
        onClick={onDelete}
        className={cx(iconButton, 'hover:bg-red-50 hover:text-red-600')}
      >
        <TrashIcon />
      </button>
    </div>
  )
}
