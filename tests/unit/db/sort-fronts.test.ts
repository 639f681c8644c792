/**
 * Sort keys' fronts (src/db/sort-fronts.ts): a number per key that orders two keys whenever the two
 * numbers differ, past the prefix every key shares, and a comparison by them (keyComparer) that orders
 * positions exactly as their keys and ids do, as made and after any change, a new key that does not
 * share the old prefix included.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareIds, compareSortKeys, keyComparer, type MadeKeys } from '../../../src/db/order-build'
import { frontOf, frontSteps, movedFronts } from '../../../src/db/sort-fronts'
import { finish } from '../../../src/db/steps'
import type { SortKey } from '../../../src/domain/list-order'

/** Code units below, at and past the fronts' saturation, surrogates, and the end of a key. */
const tail = fc.string({
  unit: fc.constantFrom('a', 'b', '0', '9', ' ', '+', '}', '~', '\u007f', 'é', 'ｚ', '\ud83d', '\ude00'),
  maxLength: 10,
})
const prefix = fc.constantFrom('', '+44 20 7946 ', 'https://www.linkedin.com/in/', 'a')
const key: fc.Arbitrary<SortKey> = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(prefix, tail).map(([p, t]) => p + t) },
  { weight: 1, arbitrary: fc.constant(null) },
)
const id = fc.string({ unit: fc.constantFrom('0', '7', 'a', 'f', '-'), maxLength: 6 }).map((t) => `imp-${t}`)

const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0)

function made(keys: SortKey[], ids: string[]): MadeKeys {
  return {
    keys,
    ids,
    fronts: finish(frontSteps(keys)),
    idFronts: finish(frontSteps(ids)) as MadeKeys['idFronts'],
  }
}

/** Every pair of positions compared by the fronts, as their keys then ids compare, either way. */
function expectOrdersAsKeys(keys: MadeKeys) {
  for (const descending of [false, true]) {
    const compare = keyComparer(keys, descending)
    for (let a = 0; a < keys.keys.length; a++)
      for (let b = 0; b < keys.keys.length; b++) {
        const byKey = compareSortKeys(keys.keys[a] as SortKey, keys.keys[b] as SortKey)
        const expected =
          (descending ? -byKey : byKey) || compareIds(keys.ids[a] as string, keys.ids[b] as string)
        expect(sign(compare(a, b))).toBe(expected)
      }
  }
}

describe("a sort key's front", () => {
  it('is below another only for a key before it, past a prefix both share', () => {
    fc.assert(
      fc.property(prefix, tail, tail, (shared, x, y) => {
        const a = shared + x
        const b = shared + y
        if (frontOf(a, shared.length) < frontOf(b, shared.length)) expect(a < b).toBe(true)
        if (a === b) expect(frontOf(a, shared.length)).toBe(frontOf(b, shared.length))
      }),
    )
  })

  it('tells apart keys that differ in their first units past the prefix, and puts no key after all', () => {
    expect(frontOf('+44 20 7946 0001', 12)).toBeLessThan(frontOf('+44 20 7946 0002', 12))
    expect(frontOf('ab', 0)).toBeLessThan(frontOf('abc', 0))
    expect(frontOf('~', 0)).toBe(frontOf('é', 0))
    expect(frontOf(null, 0)).toBe(Number.POSITIVE_INFINITY)
  })

  it('orders positions as their keys, then ids, do: made, and after adds and removes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(key, id), { maxLength: 12 }),
        fc.array(fc.boolean(), { maxLength: 12 }),
        fc.array(fc.tuple(key, id), { maxLength: 4 }),
        (start, removed, added) => {
          const before = made(
            start.map(([k]) => k),
            start.map(([, i]) => i),
          )
          expectOrdersAsKeys(before)
          // The change: the rows kept, in their order, then the ones added (placed at the end).
          const moved = new Int32Array(start.length).fill(-1)
          const keys: SortKey[] = []
          const ids: string[] = []
          start.forEach(([k, i], at) => {
            if (removed[at]) return
            moved[at] = keys.length
            keys.push(k)
            ids.push(i)
          })
          const placing: number[] = []
          for (const [k, i] of added) {
            placing.push(keys.length)
            keys.push(k)
            ids.push(i)
          }
          const after: MadeKeys = {
            keys,
            ids,
            fronts: movedFronts(before.fronts, keys, moved, start.length, placing),
            idFronts: movedFronts(before.idFronts, ids, moved, start.length, placing) as MadeKeys['idFronts'],
          }
          expectOrdersAsKeys(after)
        },
      ),
    )
  })

  it('skips what every key begins with, and makes them again past less when a new key does not', () => {
    const keys: SortKey[] = ['+44 20 7946 0002', '+44 20 7946 0001', null]
    const fronts = finish(frontSteps(keys))
    expect(fronts?.prefix).toBe('+44 20 7946 000')
    const moved = Int32Array.from([0, 1, 2])
    const more: SortKey[] = [...keys, '+1 555 0100']
    const after = movedFronts(fronts, more, moved, 3, [3])
    expect(after?.prefix).toBe('+')
    expectOrdersAsKeys({
      keys: more,
      ids: ['a', 'b', 'c', 'd'],
      fronts: after,
      idFronts: made([], ['a', 'b', 'c', 'd']).idFronts,
    })
  })

  it('makes none for a column of numbers, which the comparison then orders by the keys alone', () => {
    const keys: SortKey[] = [3, 1, null, 2]
    expect(finish(frontSteps(keys))).toBeUndefined()
    expectOrdersAsKeys(made(keys, ['d', 'c', 'b', 'a']))
  })
})
