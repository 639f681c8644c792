/** A record's name, linked to its entity's edit screen (features/records/screens.ts), or to My Profile. */
import { Link } from '@tanstack/react-router'
import type { MirroredName } from '../../domain/collections'
import { screens } from '../records/screens'

const linkStyle = 'font-medium text-brand hover:text-brand-dark hover:underline'

export function RecordLink({ collection, id, name }: { collection: MirroredName; id: string; name: string }) {
  if (collection === 'users')
    return (
      <Link to="/users/me" className={linkStyle}>
        {name}
      </Link>
    )
  return (
    <Link to={screens[collection].paths.edit} params={{ id }} className={linkStyle}>
      {name}
    </Link>
  )
}
