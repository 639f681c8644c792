import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Entry } from '../../../src/db/index-entries'
import { allInOrder, compareShown, firstInOrder } from '../../../src/db/sorted-entries'
import { compareListOrder, sortKeyOf } from '../../../src/domain/list-order'

/** Values as lists hold them: ASCII in both cases, accents, letters that grow when lower-cased, astral ones, nothing. */
const value = fc.oneof(
  fc.string({
    unit: fc.constantFrom('a', 'B', 'z', 'Z', '-', ' ', '0', '_', '[', 'É', 'é', 'ß', 'İ', 'Σ', 'ｚ', '😀'),
  }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  fc.constant(null),
  fc.constant(''),
)

const sign = (n: number) => Math.sign(n)
const entry = (id: string, title: unknown) => ({ id, shown: { id, title } }) as unknown as Entry

describe('sorting a list by a column', () => {
  it('compares two values as their sort keys do, without making them', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        const keys = compareListOrder({ key: sortKeyOf(a), id: '' }, { key: sortKeyOf(b), id: '' })
        expect(sign(compareShown(a, b))).toBe(sign(keys))
      }),
      { numRuns: 3000 },
    )
  })

  it('picks out the first rows, and sorts them all, in the order of their keys, ties by id', () => {
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 40 }),
        fc.boolean(),
        fc.nat(45),
        (values, descending, upTo) => {
          const entries = values.map((title, i) => entry(`id${String(i).padStart(2, '0')}`, title))
          const expected = entries
            .map((one) => ({ one, id: one.id, key: sortKeyOf(one.shown.title) }))
            .sort((a, b) => compareListOrder(a, b, descending))
            .map(({ one }) => one.id)
          const sort = { field: 'title', descending }
          expect(allInOrder(entries, sort).map((one) => one.id)).toEqual(expected)
          expect(firstInOrder(entries, sort, upTo).map((one) => one.id)).toEqual(expected.slice(0, upTo))
        },
      ),
      { numRuns: 500 },
    )
  })
})
