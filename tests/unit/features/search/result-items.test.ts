/** The detail line under a name in the top bar's results (src/features/search/result-items.ts). */
import { describe, expect, it } from 'vitest'
import { globalQuery } from '../../../../src/domain/global-search'
import { detailLine } from '../../../../src/features/search/result-items'

describe('the detail line under a name', () => {
  const contact = { email: 'ada@example.com', phone: '+44 20 7946 0000', title: 'Engineer' }

  it('shows the field that matched, else the first one filled', () => {
    expect(detailLine('contacts', contact, globalQuery('engin'))).toBe('Engineer')
    expect(detailLine('contacts', contact, globalQuery('79460000'))).toBe('+44 20 7946 0000')
    expect(detailLine('contacts', contact, globalQuery('ada'))).toBe('ada@example.com')
    expect(detailLine('contacts', { ...contact, email: '' }, globalQuery('nothing'))).toBe('+44 20 7946 0000')
    expect(detailLine('contacts', { ...contact, mobile: '+44 7700 900123' }, globalQuery('7700'))).toBe(
      '+44 7700 900123',
    )
    // Never the name the row already shows above it.
    expect(detailLine('contacts', { firstName: 'Ada', lastName: 'Byron' }, globalQuery('ada'))).toBe('')
  })

  it("offers a company's website, email, phone and address, in that order", () => {
    const company = {
      companyName: 'Acme',
      website: 'acme.example',
      email: 'hi@acme.example',
      address: 'Dock 4',
    }
    expect(detailLine('companies', company, globalQuery('acme'))).toBe('acme.example')
    expect(detailLine('companies', { ...company, website: '' }, globalQuery('nothing'))).toBe(
      'hi@acme.example',
    )
    expect(detailLine('companies', company, globalQuery('dock'))).toBe('Dock 4')
  })

  it('starts a long description at a word a little before the match, on one line', () => {
    const description = [
      { type: 'paragraph', children: [{ text: 'Scope, schedule and staff a plant shutdown so the unit' }] },
      { type: 'paragraph', children: [{ text: 'is back on line on the day promised.' }] },
    ]
    expect(detailLine('services', { description }, globalQuery('promised'))).toBe(
      '…on line on the day promised.',
    )
    expect(detailLine('services', { description }, globalQuery('scope'))).toBe(
      'Scope, schedule and staff a plant shutdown so the unit is back on line on the day promised.',
    )
  })
})
