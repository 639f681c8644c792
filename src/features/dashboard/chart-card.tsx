/** A stats card: a chart, and a button that puts its table on screen in its place. */
import { type ReactNode, useId, useState } from 'react'
import { button } from '../../ui/styles'
import { FigureCard } from './figure-card'

interface ChartCardProps {
  title: string
  ready: boolean
  empty: string | null
  /** Which colour is which, under the chart (the table's headings say it in words). */
  legend?: ReactNode
  /** A line under the chart or table: what the figure leaves out. */
  note?: ReactNode
  chart: ReactNode
  /** The table, told whether it is on screen (it is always there for screen readers). */
  table: (visible: boolean) => ReactNode
  className?: string
}

export function ChartCard({ title, ready, empty, legend, note, chart, table, className }: ChartCardProps) {
  const [asTable, setAsTable] = useState(false)
  const tableId = useId()
  const toggle = ready && !empty && (
    <button
      type="button"
      className={`${button.ghost} -my-2 text-xs`}
      aria-expanded={asTable}
      aria-controls={tableId}
      onClick={() => setAsTable((shown) => !shown)}
    >
      {asTable ? 'Show chart' : 'Show table'}
    </button>
  )
  return (
    <FigureCard title={title} aside={toggle} ready={ready} empty={empty} className={className}>
      {!asTable && chart}
      <div id={tableId}>{table(asTable)}</div>
      {!asTable && legend}
      {note}
    </FigureCard>
  )
}

/** Which colour is which series. */
export function Legend({ items }: { items: { name: string; color: string }[] }) {
  return (
    <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      {items.map((item) => (
        <li key={item.name} className="flex items-center gap-1.5">
          <svg viewBox="0 0 10 10" className={`size-2.5 ${item.color}`} aria-hidden="true">
            <line x1="0" y1="5" x2="10" y2="5" className="ct-bar" style={{ strokeWidth: 10 }} />
          </svg>
          {item.name}
        </li>
      ))}
    </ul>
  )
}
