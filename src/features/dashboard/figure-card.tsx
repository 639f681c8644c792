/** A dashboard card: its heading, then a loading state, a line for "nothing yet", or the figure. */
import { type ReactNode, useId } from 'react'
import { card } from '../../ui/styles'

interface FigureCardProps {
  title: string
  /** Beside the title: a link or a total. */
  aside?: ReactNode
  /** False while the device's records are still being counted. */
  ready: boolean
  /** What to say when the figure has nothing to show; null when it has. */
  empty: string | null
  children: ReactNode
  className?: string
}

export function FigureCard({ title, aside, ready, empty, children, className = '' }: FigureCardProps) {
  const id = useId()
  return (
    <section
      aria-labelledby={id}
      aria-busy={!ready}
      className={`${card} flex flex-col gap-4 p-5 ${className}`}
    >
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        {aside}
      </div>
      {!ready ? (
        <Placeholder />
      ) : empty ? (
        <p className="py-6 text-center text-sm text-slate-500">{empty}</p>
      ) : (
        children
      )}
    </section>
  )
}

/** Grey lines where the figure will be: the card keeps its size, so nothing jumps when it arrives. */
function Placeholder() {
  return (
    <div className="space-y-3">
      {[80, 65, 90, 50, 70].map((width) => (
        <div
          key={width}
          aria-hidden="true"
          className="h-4 animate-pulse rounded bg-slate-100"
          style={{ width: `${width}%` }}
        />
      ))}
      <p className="sr-only">Counting…</p>
    </div>
  )
}
