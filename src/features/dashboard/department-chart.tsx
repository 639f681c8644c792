/** Stats: contacts per department, every department, most first. */
import { useMemo } from 'react'
import { BarChart } from './bar-chart'
import { ChartCard } from './chart-card'
import { FigureTable } from './figure-table'
import { contactsByDepartment } from './figures/compute'
import type { TallyView } from './figures/use-tally'
import { departmentLabel } from './format'

const ROW = 26

export function DepartmentChart({ view }: { view: TallyView }) {
  const { tally, ready, version } = view
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tally is mutable; version says when it changed.
  const rows = useMemo(() => contactsByDepartment(tally), [tally, version])
  const labels = useMemo(() => rows.map((row) => departmentLabel(row.department)), [rows])
  const series = useMemo(
    () => [{ name: 'Contacts', color: 'chart-series-1', values: rows.map((row) => row.count) }],
    [rows],
  )
  return (
    <ChartCard
      title="Contacts per department"
      ready={ready}
      empty={tally.rows.contacts.size ? null : 'No contacts yet.'}
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
