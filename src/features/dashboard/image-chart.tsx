/** Stats: industries, services and products with an image and without one. */
import { useMemo } from 'react'
import { screens } from '../records/screens'
import { BarChart, type ChartSeries } from './bar-chart'
import { ChartCard, Legend } from './chart-card'
import { FigureTable } from './figure-table'
import type { ImageCount } from './figures/compute'
import type { Figures } from './figures/snapshot'

const none: ImageCount[] = []

export function ImageChart({ figures }: { figures: Figures | null }) {
  const rows = figures?.images ?? none
  const labels = useMemo(() => rows.map((row) => screens[row.collection].nav.label), [rows])
  const series = useMemo<ChartSeries[]>(
    () => [
      { name: 'With image', color: 'chart-series-1', values: rows.map((row) => row.withImage) },
      { name: 'Without image', color: 'chart-series-none', values: rows.map((row) => row.withoutImage) },
    ],
    [rows],
  )
  const items = rows.reduce((sum, row) => sum + row.withImage + row.withoutImage, 0)
  return (
    <ChartCard
      title="Catalog images"
      ready={!!figures}
      empty={items ? null : 'No industries, services or products yet.'}
      chart={
        <BarChart labels={labels} series={series} horizontal stacked height={3 * 34 + 32} barWidth={20} />
      }
      legend={<Legend items={series} />}
      table={(visible) => (
        <FigureTable
          caption="Industries, services and products with and without an image"
          headers={['Catalog', 'With image', 'Without image']}
          rows={rows.map((row, i) => ({
            key: row.collection,
            name: labels[i],
            values: [row.withImage, row.withoutImage],
          }))}
          visible={visible}
        />
      )}
    />
  )
}
