/**
 * /admin/stats: how the device's records grew week by week and how they
 * divide up, as charts with their tables. Its own chunk: the chart library
 * comes with this screen only.
 */
import { CompanyChart } from './company-chart'
import { DepartmentChart } from './department-chart'
import { useFigures } from './figures/use-figures'
import { ImageChart } from './image-chart'
import { WeeklyChart } from './weekly-chart'

export function StatsPage() {
  const figures = useFigures()
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-semibold tracking-tight text-slate-900">Stats</h2>
        <p className="mt-1 text-sm text-slate-500">
          Figures from the records on this device, as they change.
        </p>
      </div>
      <WeeklyChart figures={figures} />
      <div className="grid gap-4 lg:grid-cols-2">
        <DepartmentChart figures={figures} />
        <CompanyChart figures={figures} />
      </div>
      <ImageChart figures={figures} />
    </div>
  )
}
