/** The overview's companies with the most contacts, each opening its edit screen. */

import { FigureCard } from './figure-card'
import type { Figures } from './figures/snapshot'
import { plural } from './format'
import { RecordName } from './record-name'

const SHOWN = 5

export function TopCompaniesCard({ figures }: { figures: Figures | null }) {
  const rows = figures?.topCompanies.slice(0, SHOWN) ?? []
  return (
    <FigureCard
      title="Companies with the most contacts"
      ready={!!figures}
      empty={rows.length ? null : 'No contact belongs to a company yet.'}
    >
      <ol className="divide-y divide-slate-100">
        {rows.map(({ id, name, count }, i) => (
          <li
            key={id}
            className="flex items-center gap-3 py-2 text-sm first:pt-0 last:pb-0 pointer-coarse:py-3"
          >
            <span className="w-5 text-right text-slate-500 tabular-nums">{i + 1}</span>
            <span className="min-w-0 flex-1 truncate">
              <RecordName collection="companies" id={id} name={name} />
            </span>
            <span className="shrink-0 text-slate-600 tabular-nums">
              {plural(count, 'contact', 'contacts')}
            </span>
          </li>
        ))}
      </ol>
    </FigureCard>
  )
}
