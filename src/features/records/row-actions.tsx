/** Per-row actions of a list: email (a mail link) where the entity has an address, edit, delete. */
import { Link } from '@tanstack/react-router'
import { cx } from '../../ui/cx'
import { EditIcon, MailIcon, TrashIcon } from '../../ui/icons'
import { iconButton } from '../../ui/styles'
import type { EntityScreen } from './screens'

interface RowActionsProps {
  editPath: EntityScreen['paths']['edit']
  id: string
  name: string
  /** Undefined: the entity has no email action; '': this record has no address. */
  email?: string
  onDelete: () => void
}

export function RowActions({ editPath, id, name, email, onDelete }: RowActionsProps) {
  return (
    <div className="flex items-center justify-end gap-0.5">
      {email === undefined ? null : email ? (
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
      <Link to={editPath} params={{ id }} aria-label={`Edit ${name}`} title="Edit" className={iconButton}>
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
