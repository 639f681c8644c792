/** /admin/overview: a greeting, what this device holds, and whether it is all on the server. Stats come later. */
import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { button, card } from '../../ui/styles'
import { useRuntime } from '../records/runtime-context'
import { SyncCard } from './sync-card'

function greeting(hour: number) {
  if (hour < 12) return 'Good morning'
  if (hour < 18) return 'Good afternoon'
  return 'Good evening'
}

export function OverviewPage() {
  const { db, user } = useRuntime()
  const contacts = useLiveQuery(() => db.contacts.count(), [db])
  const name = user.firstName || user.email
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-semibold tracking-tight text-slate-900">
          {greeting(new Date().getHours())}
          {name ? `, ${name}` : ''}
        </h2>
        <p className="mt-1 text-sm text-slate-500">Here is what is on this device.</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="contacts-card" className={`${card} flex flex-col gap-4 p-5`}>
          <h3 id="contacts-card" className="text-sm font-medium text-slate-500">
            Contacts
          </h3>
          <p className="text-3xl font-semibold tracking-tight text-slate-900" aria-live="polite">
            {contacts ?? '…'}
          </p>
          <div className="mt-auto flex flex-wrap gap-2">
            <Link to="/contacts/list" className={button.secondary}>
              Open list
            </Link>
            <Link to="/contacts/add" className={button.primary}>
              Add Contact
            </Link>
          </div>
        </section>
        <SyncCard />
      </div>
    </div>
  )
}
