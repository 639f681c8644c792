/** Per-row actions of a list: email (a mail link) where the entity has an address, edit, delete. */
import { useRouter } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, MouseEvent } from 'react'
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

/**
 * A plain click opens the page in the app; with a modifier key or another
 * button the browser does what it does with any link (a new tab, a window).
 */
function openInApp(event: MouseEvent<HTMLAnchorElement>, navigate: () => Promise<void>) {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return
  event.preventDefault()
  void navigate()
}

/**
 * A link to a record's edit screen, for a list's rows (the name, the pencil). A plain anchor rather
 * than the router's Link: a Link subscribes to the router's state and builds its location on every
 * render, and a list renders two per row (up to 50 rows) each time its page changes.
 */
export function RecordLink({
  editPath,
  id,
  children,
  ...anchor
}: { editPath: string; id: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'>) {
  const router = useRouter()
  return (
    <a
      {...anchor}
      href={editPath.replace('$id', encodeURIComponent(id))}
      onClick={(event) => openInApp(event, () => router.navigate({ to: editPath, params: { id } }))}
    >
      {children}
    </a>
  )
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
      <RecordLink editPath={editPath} id={id} aria-label={`Edit ${name}`} title="Edit" className={iconButton}>
        <EditIcon />
      </RecordLink>
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
