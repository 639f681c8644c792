/**
 * What the list index tests (mirror-index-*.test.ts) make their contacts of: names with ties in any case
 * and nothing, the fields the list orders and searches by, and ids few enough for a run of changes to meet
 * the same rows again.
 */
import fc from 'fast-check'

export const names = fc.constantFrom('ada', 'Ada', 'grace', 'Hopper', 'ALAN', 'turing', 'lin', '', null)
export const fieldsArb = fc.record({ lastName: names, firstName: names, email: names })
export const rowId = fc.integer({ min: 0, max: 15 }).map((n) => `id${n}`)
