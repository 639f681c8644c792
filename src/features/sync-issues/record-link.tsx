/**
 * A record's name, linked to its edit screen where one exists. Collections
 * without screens yet (companies, the catalog) show the name alone; each adds
 * its link here when its edit route arrives.
 */
import { Link } from '@tanstack/react-router'
import type { CollectionName } from '../../domain/collections'

const linkClass = 'font-medium text-brand hover:text-brand-dark hover:underline'

export function RecordLink({
  collection,
  id,
  name,
}: {
  collection: CollectionName
  id: string
  name: string
}) {
  if (collection === 'contacts') {
    return (
      <Link to="/contacts/edit/$id" params={{ id }} className={linkClass}>
        {name}
      </Link>
    )
  }
  return <span className="font-medium text-slate-900">{name}</span>
}
