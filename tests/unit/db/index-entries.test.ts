import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareEntries, entryOf, entryRowsOf, inListOrder, mergeSorted } from '../../../src/db/index-entries'

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

  it('put the ids a worker hands its page in list order, those without a row first', () => {
    const rows = new Map<string, Record<string, unknown> | null>([
      ['3', { id: '3', lastName: 'Zed' }],
      ['1', { id: '1', lastName: 'ada' }],
      ['gone', null],
      ['2', { id: '2', lastName: 'Moss' }],
      ['4', { id: '4', lastName: 'ADA' }],
    ])
    const ordered = inListOrder(
      { contacts: ['3', '1', 'gone', 'unknown', '4', '2', '1'], companies: 'all' },
      { contacts: rows },
    )
    // Case aside, 'ada' and 'ADA' tie, and their ids decide.
    expect(ordered.contacts).toEqual(['gone', 'unknown', '1', '1', '4', '2', '3'])
    // A table cleared or replaced stays 'all'.
    expect(ordered.companies).toBe('all')
  })

  it('cut the rows a worker hands its page to what their entries are made of, and make the same entries', () => {
    const row = {
      id: 'c1',
      version: 3,
      firstName: 'Søren',
      lastName: 'Lovelace',
      email: 'soren@example.com',
      phone: '+44 20 7946-0123',
      mobile: '07700 900123',
      title: 'Buyer',
      department: 'Sales',
      notes: 'Long notes that no list shows and no search reads',
      companyId: 'k1',
    }
    const cut = entryRowsOf({
      contacts: new Map([
        ['c1', row],
        ['c2', null],
      ]),
    }).contacts
    expect(cut?.get('c2')).toBeNull()
    expect(cut?.get('c1')).toEqual({
      id: 'c1',
      firstName: 'Søren',
      lastName: 'Lovelace',
      email: 'soren@example.com',
      phone: '+44 20 7946-0123',
      mobile: '07700 900123',
      title: 'Buyer',
      department: 'Sales',
    })
    expect(entryOf('contacts', cut?.get('c1') as typeof row)).toEqual(entryOf('contacts', row))
  })
})
