/** A record's name, linked to its entity's edit screen (features/records/screens.ts). */
import { Link } from '@tanstack/react-router'
import type { CollectionName } from '../../domain/collections'
import { screens } from '../records/screens'

export function RecordLink({
  collection,
  id,
  name,
}: {
  collection: CollectionName
  id: string
  name: string
}) {
  return (
    <Link
      to={screens[collection].paths.edit}
      params={{ id }}
      className="font-medium text-brand hover:text-brand-dark hover:underline"
    >
      {name}
    </Link>
  )
}
