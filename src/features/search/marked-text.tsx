/** A result's text with the part the search matched in <mark> (src/domain/highlight.ts finds it). */
import type { ReactNode } from 'react'
import type { GlobalQuery } from '../../domain/global-search'
import { highlightRanges } from '../../domain/highlight'

export function MarkedText({ text, query }: { text: string; query: GlobalQuery }) {
  const parts: ReactNode[] = []
  let at = 0
  for (const [start, end] of highlightRanges(text, query)) {
    if (start > at) parts.push(text.slice(at, start))
    parts.push(
      <mark key={start} className="rounded-xs bg-amber-100 text-inherit">
        {text.slice(start, end)}
      </mark>,
    )
    at = end
  }
  if (at < text.length) parts.push(text.slice(at))
  return parts
}
