/** A result's text with the part the search matched in <mark> (src/domain/highlight.ts finds it). */
import type { GlobalQuery } from '../../domain/global-search'
import { highlightRanges } from '../../domain/highlight'
import { Marked } from '../../ui/marked'

export function MarkedText({ text, query }: { text: string; query: GlobalQuery }) {
  return <Marked text={text} ranges={highlightRanges(text, query)} />
}
