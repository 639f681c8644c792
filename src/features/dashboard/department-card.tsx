/** The overview's contacts per department, most first, each with a bar to compare them at a glance. */

import { FigureCard } from './figure-card'
import type { Figures } from './figures/snapshot'
import { departmentLabel, formatCount } from './format'

export function DepartmentCard({ figures }: { figures: Figures | null }) {
  const rows = figures?.departments.filter((row) => row.count > 0) ?? []
  const most = rows[0]?.count ?? 0
  return (
    <FigureCard
      title="Contacts by department"
      ready={!!figures}
      empty={rows.length ? null : 'No contacts yet.'}
    >
      <ul className="space-y-2.5">
        {rows.map(({ department, count }) => (
          <li key={department} className="grid grid-cols-[7.5rem_1fr_3rem] items-center gap-3 text-sm">
            <span className={department ? 'truncate text-slate-700' : 'truncate text-slate-500 italic'}>
              {departmentLabel(department)}
            </span>
            <span aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-slate-100">
              <span
                className="block h-full rounded-full bg-brand"
                style={{ width: `${(count / most) * 100}%` }}
              />
            </span>
            <span className="text-right font-medium text-slate-900 tabular-nums">{formatCount(count)}</span>
          </li>
        ))}
      </ul>
    </FigureCard>
  )
}
