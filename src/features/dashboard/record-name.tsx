/** A record's name opening its edit screen; a company not on this device yet is named as such, unlinked. */
import { Link } from '@tanstack/react-router'
import type { CollectionName } from '../../domain/collections'
import { screens } from '../records/screens'

export function RecordName({
  collection,
  id,
  name,
}: {
  collection: CollectionName
  id: string
  name: string | null
}) {
  if (name === null) return <span className="text-slate-500 italic">A company not on this device yet</span>
  return (
    <Link
      to={screens[collection].paths.edit}
      params={{ id }}
      className="font-medium text-brand hover:text-brand-dark hover:underline"
    >
      {name || 'Unnamed'}
    </Link>
  )
}
