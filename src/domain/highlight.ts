/**
 * Where a global-search query shows in a value as written, for marking the
 * matched part of a result: its words ignoring case and accents, and its
 * digits run across any formatting ('79460123' marks '7946-0123').
 */
import { foldWithSpans } from './fold'
import type { GlobalQuery } from './global-search'

/** Merged [start, end) offsets into `value`, in order. */
export function highlightRanges(value: string, query: GlobalQuery): [number, number][] {
  const ranges = wordRanges(value, [...query.words, ...query.numbers])
  if (query.digits !== '') ranges.push(...digitRanges(value, query.digits))
  return merged(ranges)
}

/**
 * Where any of `words` (folded: `foldText`) occurs in `value`, ignoring case and accents, as merged
 * [start, end) offsets into `value`: a mark always covers whole characters as written.
 */
export const foldedWordRanges = (value: string, words: string[]) => merged(wordRanges(value, words))

function wordRanges(value: string, words: string[]): [number, number][] {
  const ranges: [number, number][] = []
  const { folded, starts, ends } = foldWithSpans(value)
  for (const word of words) {
    if (word === '') continue
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + 1))
      ranges.push([starts[at] as number, ends[at + word.length - 1] as number])
  }
  return ranges
}

/** Every run of the value's digits that spells `digits`, from its first digit to its last. */
function digitRanges(value: string, digits: string): [number, number][] {
  const at: number[] = []
  let only = ''
  for (let i = 0; i < value.length; i++) {
    const char = value[i] as string
    if (char >= '0' && char <= '9') {
      at.push(i)
      only += char
    }
  }
  const ranges: [number, number][] = []
  for (let from = only.indexOf(digits); from !== -1; from = only.indexOf(digits, from + 1))
    ranges.push([at[from] as number, (at[from + digits.length - 1] as number) + 1])
  return ranges
}

function merged(ranges: [number, number][]): [number, number][] {
  ranges.sort((a, b) => a[0] - b[0])
  const result: [number, number][] = []
  for (const [start, end] of ranges) {
    const previous = result.at(-1)
    if (previous && start <= previous[1]) previous[1] = Math.max(previous[1], end)
    else result.push([start, end])
  }
  return result
}
