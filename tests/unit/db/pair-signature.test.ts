import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { eachCandidate, signatureOf, signatureTable } from '../../../src/db/pair-signature'

const candidates = (texts: string[], words: string[]) => {
  const found: number[] = []
  eachCandidate(
    signatureTable(texts, (text) => signatureOf(text)),
    signatureOf(...words),
    (i) => found.push(i),
  )
  return found
}

describe('pair signatures', () => {
  it('never leave out a text holding every word, whatever its characters', () => {
    const text = fc.string({ unit: fc.constantFrom(...'abcdeéøß-.@ 0123\n', '😀'), maxLength: 30 })
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 20 }), fc.nat(), fc.nat(), (texts, pick, cut) => {
        const source = texts[pick % texts.length] as string
        const start = cut % (source.length + 1)
        const words = [source.slice(start, start + 4), source.slice(0, 2)].filter(Boolean)
        const holding = texts.flatMap((t, i) => (words.every((word) => t.includes(word)) ? [i] : []))
        expect(candidates(texts, words)).toEqual(expect.arrayContaining(holding))
      }),
      { numRuns: 500 },
    )
  })

  it('let few texts through that do not hold the words', () => {
    const names = Array.from(
      { length: 2000 },
      (_, i) => `person${i}\nperson${i}@example.com\nsurname${i % 97}`,
    )
    names.push('olivia\nolivia.harris@northwind.example\nharris')
    const through = candidates(names, ['oliv', 'harr'])
    expect(through).toContain(2000)
    expect(through.length).toBeLessThan(20)
    // A single letter has no pair: every text is a candidate, and its text decides.
    expect(candidates(names, ['o'])).toHaveLength(2001)
  })
})
