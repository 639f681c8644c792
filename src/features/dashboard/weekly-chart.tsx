/** Stats: records added per week over the last twelve weeks, stacked by kind. */
import { useMemo } from 'react'
import { SCREENS } from '../records/screens'
import { BarChart, type ChartSeries } from './bar-chart'
import { ChartCard, Legend } from './chart-card'
import { FigureTable } from './figure-table'
import { addedPerWeek } from './figures/compute'
import type { TallyView } from './figures/use-tally'

const WEEKS = 12
const dayMonth = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' })

export function WeeklyChart({ view }: { view: TallyView }) {
  const { tally, ready, version } = view
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tally is mutable; version says when it changed.
  const weeks = useMemo(() => addedPerWeek(tally, new Date(), WEEKS), [tally, version])
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
      ready={ready}
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
