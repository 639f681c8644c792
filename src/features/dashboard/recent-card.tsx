/** The overview's latest records of every kind: newly added, or newly edited, each opening its edit screen. */
import { useEffect, useState } from 'react'
import { collections } from '../../domain/collections'
import { FigureCard } from './figure-card'
import type { Figures } from './figures/snapshot'
import { agoText } from './format'
import { RecordName } from './record-name'

const TEXTS = {
  created: { title: 'Recently added', empty: 'Nothing added yet.' },
  updated: { title: 'Recently edited', empty: 'Nothing edited yet.' },
}

/** The time now, again every minute, so "5 minutes ago" does not stay "just now". */
function useNow() {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

const kindOf = (collection: keyof typeof collections) => {
  const label = collections[collection].label
  return label.charAt(0).toUpperCase() + label.slice(1)
}

export function RecentCard({ figures, by }: { figures: Figures | null; by: 'created' | 'updated' }) {
  const now = useNow()
  const rows = (by === 'created' ? figures?.recentlyAdded : figures?.recentlyEdited) ?? []
  const { title, empty } = TEXTS[by]
  return (
    <FigureCard title={title} ready={!!figures} empty={rows.length ? null : empty}>
      <ul className="divide-y divide-slate-100">
        {rows.map((row) => (
          <li
            key={`${row.collection}:${row.id}`}
            className="flex items-center gap-3 py-2 text-sm first:pt-0 last:pb-0 pointer-coarse:py-3"
          >
            <span className="w-20 shrink-0 text-xs font-medium tracking-wide text-slate-500 uppercase">
              {kindOf(row.collection)}
            </span>
            <span className="min-w-0 flex-1 truncate">
              <RecordName collection={row.collection} id={row.id} name={row.name} />
            </span>
            <time dateTime={new Date(row[by]).toISOString()} className="shrink-0 text-xs text-slate-500">
              {agoText(row[by], now)}
            </time>
          </li>
        ))}
      </ul>
    </FigureCard>
  )
}
