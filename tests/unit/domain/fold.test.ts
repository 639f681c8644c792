import { describe, expect, it } from 'vitest'
import { digitsOf, foldText, foldWithSpans } from '../../../src/domain/fold'
import {
  globalQuery,
  globalSearchTexts,
  isBlankQuery,
  matchesGlobal,
  narrows,
} from '../../../src/domain/global-search'
import { highlightRanges } from '../../../src/domain/highlight'
import { fromPlainText } from '../../../src/domain/rich-text'

/** A record matches a typed query (the whole rule, end to end). */
const finds = (query: string, record: Record<string, unknown>, collection = 'contacts' as const) =>
  matchesGlobal(globalSearchTexts(record, collection), globalQuery(query))

/** The marked parts of a value, as written. */
const marked = (value: string, query: string) =>
  highlightRanges(value, globalQuery(query)).map(([start, end]) => value.slice(start, end))

describe('folding', () => {
  it('drops case and the accents NFD splits off', () => {
    expect(foldText('Søren Müller-François ÉLODIE Ångström')).toBe('soren muller-francois elodie angstrom')
    expect(foldText('Crème Brûlée Naïve Señor Dvořák')).toBe('creme brulee naive senor dvorak')
  })

  it('folds by hand the letters NFD keeps whole', () => {
    expect(foldText('ø Ø æ Æ œ Œ ß ẞ ł Ł đ Đ þ Þ')).toBe('o o ae ae oe oe ss ss l l d d th th')
    expect(foldText('Straße Łódź Þór Ærø Œuvre')).toBe('strasse lodz thor aero oeuvre')
  })

  it('drops a combining mark written apart from its letter', () => {
    expect(foldText('Soe\u0301ren')).toBe('soeren')
    expect(foldText('Franc\u0327ois')).toBe('francois')
  })

  it('leaves plain ASCII lower-cased and nothing else', () => {
    expect(foldText('Ada.Lovelace+1@Example.COM (0)20')).toBe('ada.lovelace+1@example.com (0)20')
  })

  it('folds a text whole exactly as it folds it character by character', () => {
    const text = 'ΟΔΟΣ Søren İstanbul ǾRE e\u0301 Æther straße 한국'
    expect(foldText(text)).toBe(Array.from(text, foldText).join(''))
    expect(foldWithSpans(text).folded).toBe(foldText(text))
  })

  it('remembers which characters as written each folded unit came from', () => {
    const { folded, starts, ends } = foldWithSpans('Ærø é\u0301')
    expect(folded).toBe('aero e')
    // 'a' and 'e' both come from 'Æ'; the last 'e' covers its separate accent too.
    expect([starts[0], ends[0], starts[1], ends[1]]).toEqual([0, 1, 0, 1])
    expect([starts[5], ends[5]]).toEqual([4, 6])
  })

  it('keeps the digits of a phone number and nothing else', () => {
    expect(digitsOf('+44 (0)20 7946-0123')).toBe('4402079460123')
  })
})

describe('the global search rule', () => {
  const soren = { firstName: 'Søren', lastName: 'Müller', email: 's.muller@example.dk', title: 'Buyer' }

  it('finds a record whatever the case and accents of either side', () => {
    expect(finds('soren', soren)).toBe(true)
    expect(finds('SØREN müller', soren)).toBe(true)
    expect(finds('muller', soren)).toBe(true)
    expect(finds('francois', { firstName: 'François', lastName: 'Dupont' })).toBe(true)
    expect(finds('sorensen', soren)).toBe(false)
  })

  it('needs every word somewhere in the record, in any field and order', () => {
    expect(finds('buyer soren', soren)).toBe(true)
    expect(finds('example.dk mull', soren)).toBe(true)
    expect(finds('soren seller', soren)).toBe(false)
  })

  it('finds a phone number by its digits whatever the formatting', () => {
    const contact = { firstName: 'Ada', phone: '+44 (0)20 7946-0123', mobile: '07700 900461' }
    expect(finds('7946 0123', contact)).toBe(true)
    expect(finds('79460123', contact)).toBe(true)
    expect(finds('020 7946 0123', contact)).toBe(true)
    expect(finds('(020) 7946-0123', contact)).toBe(true)
    expect(finds('0770-0900', contact)).toBe(true)
    expect(finds('ada 79460123', contact)).toBe(true)
    expect(finds('grace 79460123', contact)).toBe(false)
    expect(finds('79460124', contact)).toBe(false)
  })

  it('tries the numbers joined only from three digits on', () => {
    expect(globalQuery('+1 2').digits).toBe('')
    expect(globalQuery('+1 23').digits).toBe('123')
    expect(globalQuery('ada 7946 0123')).toEqual({
      words: ['ada'],
      numbers: ['7946', '0123'],
      digits: '79460123',
    })
    // '+1' is not written there: joined, '12' would be among the digits, but two digits say too little.
    expect(finds('+1 2', { firstName: 'Ada', phone: '(1) 2' })).toBe(false)
    expect(finds('12', { firstName: 'Ada', phone: '1-2' })).toBe(false)
    expect(finds('+1 23', { firstName: 'Ada', phone: '(1) 23' })).toBe(true)
  })

  it('compares digits across formatting in phone fields only', () => {
    expect(finds('123', { firstName: 'Ada', phone: '1-2-3' })).toBe(true)
    // A title is text: its digits are not compared across formatting.
    expect(finds('123', { firstName: 'Ada', title: 'Level 1-2-3' })).toBe(false)
    expect(finds('1-2-3', { firstName: 'Ada', title: 'Level 1-2-3' })).toBe(true)
    // Nor do the digits of two phone fields run into each other.
    expect(finds('1234', { firstName: 'Ada', phone: '1-2', mobile: '3-4' })).toBe(false)
  })

  it("looks through each entity's own fields", () => {
    const company = {
      companyName: 'Ørsted Wind',
      website: 'https://orsted.example',
      address: 'Kraftværksvej 53\nFredericia',
      mainPhone: '+45 99 55 11 11',
    }
    expect(finds('orsted', company, 'companies' as never)).toBe(true)
    expect(finds('kraftvaerksvej fredericia', company, 'companies' as never)).toBe(true)
    expect(finds('99551111', company, 'companies' as never)).toBe(true)
    expect(finds('ada', { firstName: 'Grace', company: 'ada' }, 'contacts')).toBe(false)
  })

  it('finds a rich-text description by its words', () => {
    const product = { name: 'Sensor', description: fromPlainText('Mesures précises\nfor the café') }
    expect(finds('precises cafe', product, 'products' as never)).toBe(true)
    expect(finds('mesures precises for', product, 'products' as never)).toBe(true)
    expect(finds('paragraph', product, 'products' as never)).toBe(false)
  })

  it('matches nothing for a blank query', () => {
    expect(isBlankQuery(globalQuery('  \t '))).toBe(true)
    expect(finds('   ', soren)).toBe(false)
  })

  it("keeps a record's phone digits apart from its text", () => {
    const texts = globalSearchTexts(
      { firstName: 'Åse', phone: '+47 (0)22 12-34', mobile: '', title: 'Tel. 555-01', department: 'Sales' },
      'contacts',
    )
    // A line per field, in the entity's order: first and last name, title, department, email, phone, mobile.
    expect(texts.text).toBe('ase\n\ntel. 555-01\nsales\n\n+47 (0)22 12-34\n')
    expect(texts.phones).toBe('470221234')
  })

  it('knows when a query only narrows the previous one', () => {
    const narrowed = (from: string, to: string) => narrows(globalQuery(from), globalQuery(to))
    expect(narrowed('sor', 'soren')).toBe(true)
    expect(narrowed('soren', 'soren kier')).toBe(true)
    expect(narrowed('7946', '7946 0')).toBe(true)
    expect(narrowed('794', '7946')).toBe(true)
    expect(narrowed('soren', 'sore')).toBe(false)
    expect(narrowed('soren kier', 'kier')).toBe(false)
    // '7946 0' also matched the run '79460', which '7946 01' as written might not hold: the run now is '794601'.
    expect(narrowed('7946 0', '7946 01')).toBe(true)
    expect(narrowed('7946 0', '7946 1')).toBe(false)
    expect(narrowed('12', '123')).toBe(false)
    expect(narrowed('', 'soren')).toBe(false)
  })
})

describe('highlighting', () => {
  it('marks the words as written, accents and all', () => {
    expect(marked('Søren Müller', 'soren MULL')).toEqual(['Søren', 'Müll'])
    expect(marked('Ærøskøbing', 'aero')).toEqual(['Ærø'])
    expect(marked('Cafe\u0301 noir', 'cafe')).toEqual(['Cafe\u0301'])
  })

  it('marks a phone number from its first matched digit to its last', () => {
    expect(marked('+44 (0)20 7946-0123', '79460123')).toEqual(['7946-0123'])
    expect(marked('+44 (0)20 7946-0123', '020 7946')).toEqual(['0)20 7946'])
  })

  it('merges overlapping marks and marks nothing that does not match', () => {
    expect(marked('Annabel', 'ann nab')).toEqual(['Annab'])
    expect(marked('Grace Hopper', 'ada')).toEqual([])
  })
})
