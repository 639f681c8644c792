import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareEntries, type Entry } from '../../../src/db/index-entries'
import { lastInOrder } from '../../../src/db/sorted-entries'
import { compareListOrder, sortKeyOf } from '../../../src/domain/list-order'

/** Few distinct keys, so runs of ties are common and long; nothing (null) among them. */
const value = fc.oneof(fc.constantFrom('ada', 'Ada', 'b', 'É', 'é', '😀', 'ｚ', ''), fc.constant(null))

describe('the list’s own order turned round', () => {
  it('pages as sorting every entry descending does, ties by id ascending, however deep', () => {
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 60 }),
        fc.nat(65),
        fc.integer({ min: 1, max: 65 }),
        (values, offset, count) => {
          const entries = values
            .map((one, i) => ({ id: `id${String(i).padStart(2, '0')}`, key: sortKeyOf(one) }) as Entry)
            .sort(compareEntries)
          const want = [...entries]
            .sort((a, b) => compareListOrder(a, b, true))
            .slice(offset, offset + count)
            .map((entry) => entry.id)
          expect(lastInOrder(entries, offset, count).map((entry) => entry.id)).toEqual(want)
        },
      ),
      { numRuns: 1000 },
    )
  })
})
