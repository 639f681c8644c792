/**
 * The client writes a request's query itself (src/transport/http.ts) and the server reads it with qs:
 * whatever the client writes, qs reads back as the query it was made from, as it reads what qs writes.
 */
import fc from 'fast-check'
import qs from 'qs'
import { describe, expect, it } from 'vitest'
import { queryString } from '../../src/transport/http'

const read = (text: string) => qs.parse(text.replace(/^\?/, ''), { depth: 10, arrayLimit: 100 })
const written = (query: Record<string, unknown>) =>
  qs.stringify(query, { encodeValuesOnly: true, addQueryPrefix: true })

const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,11}$/)
const leaf = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
)
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('object'), tie('array')),
  object: fc.dictionary(name, tie('value'), { maxKeys: 4 }),
  array: fc.array(tie('value'), { maxLength: 4 }),
}))

describe('the query string a request carries', () => {
  it('is read by the server as qs would have written it, for any nesting and any text', () => {
    fc.assert(
      fc.property(fc.dictionary(name, value, { maxKeys: 5 }), (query) => {
        expect(read(queryString(query))).toEqual(read(written(query)))
      }),
      { numRuns: 500 },
    )
  })

  it('writes the list calls as the API documents them', () => {
    const query = {
      where: { or: [{ firstName: { like: 'AT&T +44 é' } }, { email: { equals: 'a=b?c#d' } }] },
      page: { number: 2, size: 10 },
      sort: '-lastName',
      skipped: undefined,
    }
    expect(queryString(query)).toBe(
      '?where[or][0][firstName][like]=AT%26T%20%2B44%20%C3%A9&where[or][1][email][equals]=a%3Db%3Fc%23d' +
        '&page[number]=2&page[size]=10&sort=-lastName',
    )
    expect(queryString(query)).toBe(written(query))
    // A word cut in the middle of an emoji: its half as U+FFFD, as qs writes it, never a throw.
    const cut = { where: { search: { like: 'ab\uD83D' } }, other: '\uDE00x' }
    expect(read(queryString(cut))).toEqual(read(written(cut)))
    expect(read(queryString(cut))).toEqual({ where: { search: { like: 'ab\uFFFD' } }, other: '\uFFFDx' })
    expect(queryString(undefined)).toBe('')
    expect(queryString({ where: {} })).toBe('')
  })
})
