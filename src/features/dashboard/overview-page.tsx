/**
 * /admin/overview: a greeting, how many records of each kind this device
 * holds, how the contacts divide up, what changed lately, and whether it is
 * all on the server. Every figure comes from the device's mirror, so it works
 * offline and follows changes made in any tab.
 */
import { Link } from '@tanstack/react-router'
import { useRuntime } from '../../app/runtime-context'
import { CountTiles } from './count-tiles'
import { DepartmentCard } from './department-card'
import { useFigures } from './figures/use-figures'
import { RecentCard } from './recent-card'
import { SyncCard } from './sync-card'
import { TopCompaniesCard } from './top-companies-card'

function greeting(hour: number) {
  if (hour < 12) return 'Good morning'
  if (hour < 18) return 'Good afternoon'
  return 'Good evening'
}

export function OverviewPage() {
  const { user } = useRuntime()
  const figures = useFigures()
  const name = user.firstName || user.email
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight text-slate-900">
            {greeting(new Date().getHours())}
            {name ? `, ${name}` : ''}
          </h2>
          <p className="mt-1 text-sm text-slate-500">Here is what is on this device.</p>
        </div>
        <Link
          to="/admin/stats"
          className="text-sm font-medium text-brand hover:text-brand-dark hover:underline"
        >
          See all stats
        </Link>
      </div>
      <CountTiles />
      <div className="grid gap-4 md:grid-cols-2">
        <DepartmentCard figures={figures} />
        <TopCompaniesCard figures={figures} />
        <RecentCard figures={figures} by="created" />
        <RecentCard figures={figures} by="updated" />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <SyncCard />
      </div>
    </div>
  )
}
