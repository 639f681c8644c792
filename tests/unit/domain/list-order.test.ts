/**
 * The devices' list order (src/domain/list-order.ts) is the server's: text
 * lowercased by `toLowerCase` and compared by code point (the server's collate
 * "C"), not by UTF-16 unit. The server's side, over HTTP on each database, is
 * tests/server/collections/list-order.test.ts.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareListOrder, sortKeyOf } from '../../../src/domain/list-order'

/** Code point order, as PostgreSQL's collate "C" compares UTF-8. */
function byCodePoint(a: string, b: string): number {
  const left = [...a].map((char) => char.codePointAt(0) as number)
  const right = [...b].map((char) => char.codePointAt(0) as number)
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] !== right[i]) return (left[i] as number) - (right[i] as number)
  }
  return left.length - right.length
}

const order = (values: string[], descending = false) =>
  values
    .map((value, i) => ({ key: sortKeyOf(value), id: String(i).padStart(3, '0'), value }))
    .sort((a, b) => compareListOrder(a, b, descending))
    .map((entry) => entry.value)

describe('sortKeyOf', () => {
  it('puts a character past U+FFFF after U+E000–U+FFFF, as code points go', () => {
    expect(order(['😀 Smile', 'ｚed', '𐐀x', 'ﬃ', 'zed', '\uE000'])).toEqual([
      'zed',
      '\uE000',
      'ﬃ',
      'ｚed',
      '𐐀x',
      '😀 Smile',
    ])
  })

  it('lowercases as JavaScript does: ties once lowercased are ordered by id, either way', () => {
    expect(order(['Élodie', 'élan', 'ΝΙΚΟΣ', 'νικος', 'İstanbul', 'Izmir', 'Ⓐmy', 'ⓐmy', ''])).toEqual([
      '',
      'Izmir',
      'İstanbul',
      'élan',
      'Élodie',
      'ΝΙΚΟΣ',
      'νικος',
      'Ⓐmy',
      'ⓐmy',
    ])
    expect(order(['ΝΙΚΟΣ', 'νικος', 'b'], true)).toEqual(['ΝΙΚΟΣ', 'νικος', 'b'])
  })

  it('leaves a text with nothing from U+D800 up as its lowercase', () => {
    expect(sortKeyOf('Ömer O’Brien')).toBe('ömer o’brien')
  })

  it('orders any two texts by their lowercase code points', () => {
    const text = fc.string({ unit: 'binary', maxLength: 6 })
    fc.assert(
      fc.property(text, text, (a, b) => {
        const expected = Math.sign(byCodePoint(a.toLowerCase(), b.toLowerCase()))
        const keyA = sortKeyOf(a) as string
        const keyB = sortKeyOf(b) as string
        expect(keyA < keyB ? -1 : keyA > keyB ? 1 : 0).toBe(expected)
      }),
      { numRuns: 2000 },
    )
  })
})
