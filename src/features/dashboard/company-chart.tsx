/** Stats: the ten companies with the most contacts. */
import { useMemo } from 'react'
import { BarChart } from './bar-chart'
import { ChartCard } from './chart-card'
import { FigureTable } from './figure-table'
import type { CompanyCount } from './figures/compute'
import type { Figures } from './figures/snapshot'
import { plural } from './format'
import { RecordName } from './record-name'

const ROW = 26
const UNKNOWN = 'Company not on this device yet'
const none: CompanyCount[] = []

export function CompanyChart({ figures }: { figures: Figures | null }) {
  const rows = figures?.topCompanies ?? none
  const without = figures?.withoutCompany ?? 0
  const labels = useMemo(() => rows.map((row) => row.name ?? UNKNOWN), [rows])
  const series = useMemo(
    () => [{ name: 'Contacts', color: 'chart-series-2', values: rows.map((row) => row.count) }],
    [rows],
  )
  return (
    <ChartCard
      title="Contacts per company (top ten)"
      ready={!!figures}
      empty={rows.length ? null : 'No contact belongs to a company yet.'}
      chart={
        <BarChart
          labels={labels}
          series={series}
          horizontal
          height={rows.length * ROW + 32}
          labelWidth={140}
        />
      }
      note={
        without > 0 && (
          <p className="text-xs text-slate-500">
            {plural(without, 'contact has', 'contacts have')} no company.
          </p>
        )
      }
      table={(visible) => (
        <FigureTable
          caption="The ten companies with the most contacts"
          headers={['Company', 'Contacts']}
          rows={rows.map((row) => ({
            key: row.id,
            name: <RecordName collection="companies" id={row.id} name={row.name} />,
            values: [row.count],
          }))}
          visible={visible}
        />
      )}
    />
  )
}
