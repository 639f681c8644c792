import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareEntries, type Entry, entryOf, inListOrder, mergeSorted } from '../../src/db/index-entries'

const contact = (id: string, lastName: string | null) =>
  entryOf('contacts', { id, version: 1, firstName: 'F', lastName, email: '' })

const lastNames = fc.oneof(
  fc.constantFrom('ada', 'Ada', 'grace', 'Hopper', 'ALAN', 'turing', 'lin', 'zed', '', null),
  fc.string({ unit: fc.constantFrom(...'abcmxyzÉé'), maxLength: 4 }),
)
const entries = (prefix: string, maxLength: number) =>
  fc
    .array(lastNames, { maxLength, size: 'max' })
    .map((names) => names.map((name, i) => contact(`${prefix}${i}`, name)).sort(compareEntries))

describe('list index entries', () => {
  it('merge two ordered runs as one sort of both would, few into many or many into many', () => {
    fc.assert(
      fc.property(entries('a', 1_000), entries('b', 300), fc.nat(60), (many, others, keep) => {
        // A few into many (placed by galloping) and many into many (pass by pass).
        const few = others.slice(0, keep)
        const expected = [...many, ...few].sort(compareEntries).map((entry) => entry.id)
        expect(mergeSorted(many, few).map((entry) => entry.id)).toEqual(expected)
        const both = [...many, ...others].sort(compareEntries).map((entry) => entry.id)
        expect(mergeSorted(many, others).map((entry) => entry.id)).toEqual(both)
      }),
      // Not shrunk: shrinking runs of a thousand entries takes minutes, and the first failure says enough.
      { numRuns: 200, endOnFailure: true },
    )
  })

  it('place new entries at the very start and the very end of a long run', () => {
    const many = Array.from({ length: 1_000 }, (_, i) => contact(`m${String(i).padStart(4, '0')}`, 'moss'))
    const first = contact('a', 'aaron')
    const last = contact('z', null)
    expect(mergeSorted(many, [first, last]).map((entry) => entry.id)).toEqual([
      'a',
      ...many.map((entry) => entry.id),
      'z',
    ])
  })

  it('put the ids a worker hands its page in list order, those without an entry first', () => {
    const made = new Map<string, Entry | null>([
      ['3', contact('3', 'Zed')],
      ['1', contact('1', 'ada')],
      ['gone', null],
      ['2', contact('2', 'Moss')],
    ])
    const ordered = inListOrder(
      { contacts: ['3', '1', 'gone', 'unknown', '2', '1'], companies: 'all' },
      { contacts: made },
    )
    expect(ordered.contacts).toEqual(['gone', 'unknown', '1', '1', '2', '3'])
    // A table cleared or replaced stays 'all'.
    expect(ordered.companies).toBe('all')
  })
})
