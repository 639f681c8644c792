import { describe, expect, it } from 'vitest'
import { SharedStrings } from '../../../src/db/shared-strings'

// Which copy of a string a variable holds cannot be seen from JavaScript (the tab's heap, in
// `npm run bench`, shows it); what can be seen is the value handed back and which fields stay pooled.
describe('shared strings', () => {
  it('hand back the value handed in, whatever is pooled', () => {
    const strings = new SharedStrings()
    const values = ['Olivia', 'Harris', 'Olivia', '', 'Ölivia', 'olivia']
    expect(values.map((value) => strings.share('firstName', value))).toEqual(values)
  })

  it('keep pooling a field whose values repeat, and let go of one whose values rarely do', () => {
    const strings = new SharedStrings()
    const lastNames = ['Harris', 'Smith', 'Nguyen', 'García']
    for (let i = 0; i < 5_000; i++) {
      strings.share('email', `person${i}@example.com`)
      strings.share('lastName', lastNames[i % lastNames.length] as string)
    }
    expect(strings.pooling('lastName')).toBe(true)
    expect(strings.pooling('email')).toBe(false)
    // Judged only once seen often enough: a field whose first 999 values are all new is still pooled.
    for (let i = 0; i < 999; i++) strings.share('phone', `+44 20 7946 ${i}`)
    expect(strings.pooling('phone')).toBe(true)
    strings.share('phone', '+44 20 7946 1000')
    expect(strings.pooling('phone')).toBe(false)
  })
})
