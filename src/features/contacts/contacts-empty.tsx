/** What the list shows with no rows: nothing yet, nothing matching, or the first download still running. */
import { Link } from '@tanstack/react-router'
import { button } from '../../ui/styles'

export function ContactsEmpty({ search, downloading }: { search: string; downloading: boolean }) {
  let body: React.ReactNode
  if (search) {
    body = <p className="font-medium text-slate-900">No contacts match "{search}"</p>
  } else if (downloading) {
    body = <p className="font-medium text-slate-900">Downloading contacts…</p>
  } else {
    body = (
      <>
        <p className="font-medium text-slate-900">No contacts yet</p>
        <p className="text-sm text-slate-500">
          Contacts you add are saved on this device and synced when online.
        </p>
        <Link to="/contacts/add" className={`${button.primary} mt-2`}>
          Add your first contact
        </Link>
      </>
    )
  }
  return <div className="flex flex-col items-center gap-1 px-6 py-14 text-center">{body}</div>
}
