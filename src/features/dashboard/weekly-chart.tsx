/** Stats: records added per week over the last twelve weeks, stacked by kind. */
import { useMemo } from 'react'
import { SCREENS } from '../records/screens'
import { BarChart, type ChartSeries } from './bar-chart'
import { ChartCard, Legend } from './chart-card'
import { FigureTable } from './figure-table'
import type { WeekCount } from './figures/compute'
import type { Figures } from './figures/snapshot'

const dayMonth = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' })
const noWeeks: WeekCount[] = []

export function WeeklyChart({ figures }: { figures: Figures | null }) {
  const weeks = figures?.weeks ?? noWeeks
  const labels = useMemo(() => weeks.map((week) => dayMonth.format(week.start)), [weeks])
  const series = useMemo<ChartSeries[]>(
    () =>
      SCREENS.map((screen, i) => ({
        name: screen.nav.label,
        color: `chart-series-${i + 1}`,
        values: weeks.map((week) => week.counts[screen.collection]),
      })),
    [weeks],
  )
  const added = weeks.reduce((sum, week) => sum + week.total, 0)
  return (
    <ChartCard
      title="Records added per week"
      ready={!!figures}
      empty={added ? null : 'Nothing was added in the last twelve weeks.'}
      chart={<BarChart labels={labels} series={series} stacked height={240} barWidth={22} />}
      legend={<Legend items={series} />}
      table={(visible) => (
        <FigureTable
          caption="Records added per week, over the last twelve weeks"
          headers={['Week of', ...SCREENS.map((screen) => screen.nav.label), 'Total']}
          rows={weeks.map((week, i) => ({
            key: String(week.start),
            name: labels[i],
            values: [...SCREENS.map((screen) => week.counts[screen.collection]), week.total],
          }))}
          visible={visible}
        />
      )}
    />
  )
}
