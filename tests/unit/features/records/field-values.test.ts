/**
 * `movedUnder` (features/records/field-values.ts): which typed fields the record changed under, the one
 * rule behind a restored draft's "changed since" and the edit screen's "changed this while you were
 * typing" (use-draft.ts).
 */
import { describe, expect, it } from 'vitest'
import { movedUnder } from '../../../../src/features/records/field-values'

const RICH = [{ type: 'paragraph', children: [{ text: 'Met at the fair' }] }]

describe('movedUnder', () => {
  it('names the typed fields whose value on the record is no longer the one typed over', () => {
    const typedOver = { title: 'Planner', phone: '+44 20 7946 0001', email: '' }
    const record = { title: 'Rear Admiral', phone: '+44 20 7946 0001', email: 'grace@example.com' }
    expect(movedUnder(['title', 'phone', 'email'], typedOver, record)).toEqual(['title', 'email'])
  })

  it('compares by value, so an equal relation or rich text read again is no change', () => {
    const typedOver = { company: { relationTo: 'companies', value: 'c1' }, description: RICH }
    const record = { company: { relationTo: 'companies', value: 'c1' }, description: structuredClone(RICH) }
    expect(movedUnder(['company', 'description'], typedOver, record)).toEqual([])
    expect(
      movedUnder(['company'], typedOver, { ...record, company: { relationTo: 'companies', value: 'c2' } }),
    ).toEqual(['company'])
  })

  it('leaves out a field never typed over (carried in, or typed before the record was read)', () => {
    expect(movedUnder(['firstName'], {}, { firstName: 'Grace' })).toEqual([])
  })

  it('takes a value the record does not hold as none, as the typing recorded it', () => {
    expect(movedUnder(['aboutMe'], { aboutMe: null }, {})).toEqual([])
    expect(movedUnder(['aboutMe'], { aboutMe: null }, { aboutMe: 'Now set' })).toEqual(['aboutMe'])
  })
})
