/**
 * A bar chart drawn by chartist (SVG), hidden from screen readers: every chart
 * on the stats screen has its figures in a table beside it (figure-table.tsx).
 */
import { type BarChartOptions, BarChart as Chartist } from 'chartist'
import { useEffect, useRef } from 'react'
import './bar-chart.css'

export interface ChartSeries {
  name: string
  values: number[]
  /** chart-series-1 … chart-series-5, or chart-series-none (bar-chart.css). */
  color: string
}

interface BarChartProps {
  labels: string[]
  series: ChartSeries[]
  horizontal?: boolean
  stacked?: boolean
  /** In pixels: a horizontal chart grows with its rows. */
  height: number
  /** Room for the category labels of a horizontal chart, in pixels. */
  labelWidth?: number
  barWidth?: number
}

/** Long names would run into the bars: cut, with an ellipsis (the table has them whole). */
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

export function BarChart({
  labels,
  series,
  horizontal,
  stacked,
  height,
  labelWidth = 110,
  barWidth = 14,
}: BarChartProps) {
  const host = useRef<HTMLDivElement>(null)
  const chart = useRef<Chartist | null>(null)

  useEffect(() => {
    const element = host.current
    if (!element) return
    const data = {
      labels,
      series: series.map((one) => ({ name: one.name, className: one.color, data: one.values })),
    }
    // Whole numbers only: these are counts.
    const counts = { onlyInteger: true, low: 0 }
    // The labels under the chart are one line of 12 px: chartist's 30 px leaves a gap below them.
    const under = { offset: 22 }
    const options: BarChartOptions = {
      height,
      stackBars: stacked,
      horizontalBars: horizontal,
      // The first category at the top, as in the table.
      reverseData: horizontal,
      seriesBarDistance: stacked ? 0 : barWidth + 2,
      chartPadding: { top: 8, right: 16, bottom: 4, left: 4 },
      axisX: horizontal
        ? { ...counts, ...under }
        : {
            ...under,
            showGrid: false,
            labelInterpolationFnc: (label: string | number) => cut(String(label), 10),
          },
      axisY: horizontal
        ? {
            offset: labelWidth,
            showGrid: false,
            labelInterpolationFnc: (label: string | number) => cut(String(label), Math.floor(labelWidth / 7)),
          }
        : { ...counts, offset: 32 },
    }
    if (chart.current) chart.current.update(data, options, true)
    else chart.current = new Chartist(element, data, options)
  }, [labels, series, horizontal, stacked, height, labelWidth, barWidth])

  useEffect(
    () => () => {
      chart.current?.detach()
      chart.current = null
    },
    [],
  )

  return (
    <div
      ref={host}
      aria-hidden="true"
      className="w-full [&_svg]:overflow-visible"
      style={{ height, ['--bar-width' as string]: `${barWidth}px` }}
    />
  )
}
