/** Stats: contacts per department, every department, most first. */
import { useMemo } from 'react'
import { BarChart } from './bar-chart'
import { ChartCard } from './chart-card'
import { FigureTable } from './figure-table'
import type { DepartmentCount } from './figures/compute'
import type { Figures } from './figures/snapshot'
import { departmentLabel } from './format'

const ROW = 26
const none: DepartmentCount[] = []

export function DepartmentChart({ figures }: { figures: Figures | null }) {
  const rows = figures?.departments ?? none
  const labels = useMemo(() => rows.map((row) => departmentLabel(row.department)), [rows])
  const series = useMemo(
    () => [{ name: 'Contacts', color: 'chart-series-1', values: rows.map((row) => row.count) }],
    [rows],
  )
  return (
    <ChartCard
      title="Contacts per department"
      ready={!!figures}
      empty={figures?.contacts ? null : 'No contacts yet.'}
      chart={<BarChart labels={labels} series={series} horizontal height={rows.length * ROW + 32} />}
      table={(visible) => (
        <FigureTable
          caption="Contacts per department"
          headers={['Department', 'Contacts']}
          rows={rows.map((row, i) => ({ key: row.department, name: labels[i], values: [row.count] }))}
          visible={visible}
        />
      )}
    />
  )
}
